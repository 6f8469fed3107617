import { z } from 'zod';
import { ipRange } from './allowlist.ts';

/** At most this many addresses and ranges on one service's list. */
export const MAX_SERVICE_ADDRESSES = 100;
export const SERVICE_ADDRESS_LABEL_MAX = 100;

/**
 * One address or range a service allows (spec §1: service operators manage allowed IP addresses), stored in
 * canonical CIDR form (203.0.113.5/32, 2001:db8::/32), with the operator's note of what it is.
 */
export const serviceAddress = z.object({
  id: z.string().uuid(),
  ip_address: z.string(),
  label: z.string().nullable(),
  created_at: z.string(),
});
export type ServiceAddress = z.infer<typeof serviceAddress>;

/**
 * GET/PUT service/allowed_addresses: the current service's list and the caller's own address, to tell whether
 * a change shuts them out. An empty list allows every address (the account's IP allowlist still applies).
 */
export const serviceAddresses = z.object({
  service_id: z.string().uuid(),
  current_ip: z.string(),
  max_addresses: z.number().int(),
  allowed_addresses: z.array(serviceAddress),
});
export type ServiceAddresses = z.infer<typeof serviceAddresses>;

export const serviceAddressEntry = z.object({
  ip_address: ipRange,
  label: z
    .string()
    .trim()
    .max(SERVICE_ADDRESS_LABEL_MAX, `At most ${SERVICE_ADDRESS_LABEL_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ServiceAddressEntry = z.input<typeof serviceAddressEntry>;

/** PUT service/allowed_addresses: the whole new list; confirm after the operator agreed to shut out their own address. */
export const serviceAddressesUpdate = z.object({
  allowed_addresses: z.array(serviceAddressEntry).max(MAX_SERVICE_ADDRESSES, `At most ${MAX_SERVICE_ADDRESSES} addresses and ranges`),
  confirm: z.boolean().default(false),
});
export type ServiceAddressesUpdate = z.input<typeof serviceAddressesUpdate>;

// ---- Address arithmetic, shared by the server's checks and the screen's warnings ----

/** An address as a number: IPv4 (and IPv4-mapped IPv6, ::ffff:203.0.113.5) in 32 bits, IPv6 in 128. */
export type IpValue = { v4: boolean; value: bigint };

function ipv4Value(text: string): bigint | null {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return null;
  const octets = text.split('.').map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((acc, octet) => (acc << 8n) | BigInt(octet), 0n);
}

/** Parses an IPv4 or IPv6 address (no prefix, no zone); null when it is neither. */
export function parseIp(input: string): IpValue | null {
  const text = input.trim().toLowerCase();
  const v4 = ipv4Value(text);
  if (v4 !== null) return { v4: true, value: v4 };
  if (!text.includes(':')) return null;
  let groups = text;
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const tail = ipv4Value(dotted[2]!);
    if (tail === null) return null;
    groups = `${dotted[1]}${(tail >> 16n).toString(16)}:${(tail & 0xffffn).toString(16)}`;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  const value = all.reduce((acc, group) => (acc << 16n) | BigInt(`0x${group}`), 0n);
  // An IPv4-mapped address is the IPv4 address it carries (as the server sees such a client).
  if (value >> 32n === 0xffffn) return { v4: true, value: value & 0xffffffffn };
  return { v4: false, value };
}

/** An address or CIDR range: its family, network value and prefix length; null when it is not one. */
export type IpRange = IpValue & { prefix: number };

export function parseRange(input: string): IpRange | null {
  const [address = '', prefixText, extra] = input.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const bits = ip.v4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { ...ip, prefix };
}

const hostMask = (range: IpRange) => (1n << BigInt((range.v4 ? 32 : 128) - range.prefix)) - 1n;

/** The range's host bits are all zero (203.0.113.0/24, not 203.0.113.5/24). */
export function isNetworkAddress(range: IpRange): boolean {
  return (range.value & hostMask(range)) === 0n;
}

/** The same range with its host bits cleared. */
export function networkOf(range: IpRange): IpRange {
  return { ...range, value: range.value & ~hostMask(range) };
}

/** A range as text: dotted IPv4, compressed lower-case IPv6 (RFC 5952), with its prefix. */
export function formatRange(range: IpRange): string {
  if (range.v4) return `${[24n, 16n, 8n, 0n].map((shift) => String((range.value >> shift) & 0xffn)).join('.')}/${range.prefix}`;
  const groups = Array.from({ length: 8 }, (_, i) => Number((range.value >> BigInt((7 - i) * 16)) & 0xffffn));
  // The longest run of two or more zero groups (the first of equal ones) becomes ::.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((group) => group.toString(16));
  const text = best.at < 0 ? hex.join(':') : `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
  return `${text}/${range.prefix}`;
}

/** The address lies in the range (both parsed as above; a family mismatch never matches). */
export function rangeIncludes(range: string, address: string): boolean {
  const r = parseRange(range);
  const ip = parseIp(address);
  if (!r || !ip || r.v4 !== ip.v4) return false;
  const mask = ~hostMask(r);
  return (ip.value & mask) === (r.value & mask);
}
