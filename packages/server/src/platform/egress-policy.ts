import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { platformSettings } from '../db/schema/platform.ts';
import { inSpan, SpanKind } from './tracing.ts';
import { addressInRanges, canonicalRange, plainAddress } from './ip-ranges.ts';

/**
 * Where no tenant-configured connection (syslog now; transfer servers later) may go unless a platform
 * administrator allows it: the platform's own network and everything not routed on the internet. Otherwise a
 * customer's "test connection" becomes a scanner of the console's machine, its database and the cloud metadata
 * service.
 */
export const DENIED_BY_DEFAULT = [
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata (169.254.169.254)
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
  '::/128',
  '::1/128',
  '64:ff9b::/96', // NAT64 of the ranges above
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'ff00::/8', // multicast
];

const SETTING = 'egress_allowed_ranges';

/** The ranges platform administrators allowed despite the defaults (stored as canonical CIDRs). */
export async function allowedRanges(db: Db | Tx): Promise<string[]> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, SETTING));
  return row ? (JSON.parse(row.value) as string[]) : [];
}

export async function setAllowedRanges(db: Db | Tx, ranges: string[]): Promise<string[]> {
  const canonical = [...new Set(ranges.map(canonicalRange))].sort();
  await db
    .insert(platformSettings)
    .values({ key: SETTING, value: JSON.stringify(canonical) })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: JSON.stringify(canonical) } });
  return canonical;
}

/** A connection the policy refuses; its text is the same whatever the reason, so it reveals nothing of the network. */
export class EgressRefused extends Error {
  override readonly name = 'EgressRefused';
}

export type Endpoint = { host: string; port: number };

/** Whether the policy lets a connection go to this address and port. */
export function egressAllowed(address: string, port: number, allowed: readonly string[], own: readonly Endpoint[]): boolean {
  const ip = plainAddress(address.toLowerCase());
  // The console's own listener and its database, on any address that may be them, stay closed even when allowed.
  if (own.some((endpoint) => endpoint.port === port && (endpoint.host === ip || addressInRanges(ip, LOCAL)))) return false;
  if (addressInRanges(ip, allowed)) return true;
  return !addressInRanges(ip, DENIED_BY_DEFAULT);
}

const LOCAL = ['0.0.0.0/8', '127.0.0.0/8', '::/128', '::1/128'];

export type Egress = {
  /** Resolves the host once, checks every address it has, and answers the one to connect to. */
  resolve(host: string, port: number): Promise<{ address: string; family: 4 | 6 }>;
};

export function createEgress(db: Db, own: Endpoint[], refusal: string): Egress {
  return {
    resolve: (host, port) => inSpan('egress check', SpanKind.INTERNAL, { 'server.address': host, 'server.port': port }, () => check(host, port)),
  };

  async function check(host: string, port: number): Promise<{ address: string; family: 4 | 6 }> {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : await lookUp(host, refusal);
    const allowed = await allowedRanges(db);
    // Every address must pass: a name that also resolves inward could be answered differently next time.
    if (addresses.length === 0 || !addresses.every((a) => egressAllowed(a.address, port, allowed, own))) throw new EgressRefused(refusal);
    return addresses[0]!;
  }
}

/**
 * The host's addresses. A name that does not resolve is refused with the one text too: else whether a name exists
 * in the platform's own DNS would tell apart from a name that resolves inward.
 */
async function lookUp(host: string, refusal: string): Promise<{ address: string; family: 4 | 6 }[]> {
  try {
    return (await lookup(host, { all: true })) as { address: string; family: 4 | 6 }[];
  } catch {
    throw new EgressRefused(refusal);
  }
}
