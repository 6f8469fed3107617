import ipaddr from 'ipaddr.js';
import { InfrastructureMessages } from './infrastructure.ts';

/**
 * Addresses and pool CIDRs of the platform's infrastructure as ipaddr.js reads them, and the address arithmetic of
 * IPAM pools. Apart from the entities' schemas so that only what parses an address loads ipaddr.js.
 */

/** An IPv4 (four-part decimal) or IPv6 address without a zone, as ipaddr.js parses it; null when it is not one. */
export function parseAddress(value: string): string | null {
  const trimmed = value.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return ipaddr.IPv4.parse(trimmed).toString();
  if (ipaddr.IPv6.isValid(trimmed)) {
    const address = ipaddr.IPv6.parse(trimmed);
    return address.zoneId === undefined ? address.toRFC5952String() : null;
  }
  return null;
}

/** Prefix lengths a pool may have: large enough to be worth a pool, small enough to hold hosts. */
export const IPAM_PREFIX_BOUNDS = { ipv4: { min: 8, max: 30 }, ipv6: { min: 64, max: 126 } } as const;
export type IpFamily = keyof typeof IPAM_PREFIX_BOUNDS;

/**
 * Addresses of a pool that can be handed out: an IPv4 pool loses its network and broadcast addresses, an IPv6
 * pool its network address (the subnet-router anycast address, RFC 4291 §2.6.1).
 */
export function usableAddresses(family: IpFamily, prefix: number): bigint {
  return family === 'ipv4' ? 2n ** BigInt(32 - prefix) - 2n : 2n ** BigInt(128 - prefix) - 1n;
}

/** An address count as shown: exact (grouped) up to a trillion, beyond that as the nearest power of two (≈ 2^64). */
export function formatAddressCount(count: bigint): string {
  if (count < 1_000_000_000_000n) return count.toLocaleString('en-US');
  return `≈ 2^${Math.round(Math.log2(Number(count)))}`;
}

/** Allocated as a share of size, in percent with two decimals (0 for an empty size). */
export function utilisationPercent(allocated: number, size: bigint): number {
  if (size <= 0n) return 0;
  return Number((BigInt(allocated) * 10_000n) / size) / 100;
}

export type ParsedCidr = { family: IpFamily; prefix: number; /** Canonical network/prefix. */ cidr: string };

/** Parses a pool's CIDR with ipaddr.js: the canonical form, or why it cannot be a pool. */
export function parsePoolCidr(value: string): { ok: true; value: ParsedCidr } | { ok: false; message: string } {
  const given = value.trim();
  const v4 = ipaddr.IPv4.isValidCIDRFourPartDecimal(given);
  if (!v4 && !ipaddr.IPv6.isValidCIDR(given)) return { ok: false, message: InfrastructureMessages.cidrInvalid };
  const [address, prefix] = v4 ? ipaddr.IPv4.parseCIDR(given) : ipaddr.IPv6.parseCIDR(given);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).zoneId !== undefined) return { ok: false, message: InfrastructureMessages.cidrInvalid };
  const family: IpFamily = v4 ? 'ipv4' : 'ipv6';
  const network = v4 ? ipaddr.IPv4.networkAddressFromCIDR(given).toString() : ipaddr.IPv6.networkAddressFromCIDR(given).toRFC5952String();
  const canonical = `${network}/${prefix}`;
  const spelled = v4 ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
  if (spelled !== network) return { ok: false, message: InfrastructureMessages.cidrHostBits(given, canonical) };
  const { min, max } = IPAM_PREFIX_BOUNDS[family];
  if (prefix < min || prefix > max) return { ok: false, message: InfrastructureMessages.cidrPrefix(v4 ? 'IPv4' : 'IPv6', min, max) };
  return { ok: true, value: { family, prefix, cidr: canonical } };
}
