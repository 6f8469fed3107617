import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An IPv4-mapped IPv6 address (::ffff:203.0.113.5) is the IPv4 address it carries. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** The canonical CIDR form of an address or range: 203.0.113.5 -> 203.0.113.5/32, 2001:DB8::/32 -> 2001:db8::/32. */
export function canonicalRange(range: string): string {
  const [rawAddress = '', prefix] = range.trim().split('/');
  const address = plainAddress(rawAddress.toLowerCase());
  const family = isIPv4(address) ? 4 : 6;
  const normal = family === 6 ? new URL(`http://[${address}]`).hostname.slice(1, -1) : address;
  return `${normal}/${prefix ?? (family === 4 ? 32 : 128)}`;
}

/** True when the address lies in any of the CIDR ranges. */
export function addressInRanges(ip: string, ranges: readonly string[]): boolean {
  const address = plainAddress(ip);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [network = '', prefix = ''] = range.split('/');
    list.addSubnet(network, Number(prefix), isIPv4(network) ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family);
}

/** An account's allowlist admits the address; null (not enforced) admits every address. */
export function addressAllowed(ip: string, allowedRanges: readonly string[] | null): boolean {
  return allowedRanges === null || addressInRanges(ip, allowedRanges);
}
