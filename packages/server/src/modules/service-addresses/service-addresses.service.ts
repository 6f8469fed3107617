import { Messages } from '@keydeck/contract/messages';
import { MAX_SERVICE_ADDRESSES, formatRange, isNetworkAddress, networkOf, parseRange, type ServiceAddresses } from '@keydeck/contract/service-addresses';
import type { Tx } from '../../db/database.ts';
import { badRequest, confirmationRequired, notFound } from '../../platform/errors.ts';
import { addressInRanges, plainAddress } from '../../platform/ip-ranges.ts';
import type { ServiceAccess } from '../../platform/service-access.ts';
import * as repo from './service-addresses.repository.ts';

/** Who is changing the list, and from where (they may shut themselves out). */
export type AddressScope = { tx: Tx; access: ServiceAccess; ip: string };

const BAD_RANGE = 'Enter an IPv4 or IPv6 address, optionally with a prefix length (for example 203.0.113.0/24)';

export async function list(scope: AddressScope): Promise<ServiceAddresses> {
  const rows = (await repo.list(scope.tx, scope.access.serviceId)).sort((a, b) => compareRanges(a.ipAddress, b.ipAddress));
  return {
    service_id: scope.access.serviceId,
    current_ip: plainAddress(scope.ip),
    max_addresses: MAX_SERVICE_ADDRESSES,
    allowed_addresses: rows.map((row) => ({ id: row.id, ip_address: row.ipAddress, label: row.label, created_at: row.createdAt.toISOString() })),
  };
}

/**
 * Replaces the service's list with the one given: kept entries keep their date, changed labels are updated.
 * A list that leaves the caller's own address outside shuts them out of the service at once: it needs confirm.
 */
export async function replace(
  scope: AddressScope,
  entries: { ip_address: string; label?: string | undefined }[],
  confirmed: boolean,
): Promise<ServiceAddresses> {
  const service = await repo.findService(scope.tx, scope.access.serviceId);
  if (!service) throw notFound();
  const errors: Record<string, string[]> = {};
  const wanted = new Map<string, string | null>();
  entries.forEach((entry, index) => {
    const field = `allowed_addresses.${index}.ip_address`;
    const range = checkedRange(entry.ip_address);
    if ('error' in range) errors[field] = [range.error];
    else if (wanted.has(range.canonical)) errors[field] = [Messages.serviceAddressDuplicate(range.canonical)];
    else wanted.set(range.canonical, entry.label ?? null);
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const ranges = [...wanted.keys()];
  if (ranges.length > 0 && !confirmed && !addressInRanges(scope.ip, ranges)) {
    throw confirmationRequired(Messages.serviceAddressesExcludeYou(plainAddress(scope.ip)));
  }

  const current = await repo.list(scope.tx, service.id);
  const existing = new Map(current.map((row) => [row.ipAddress, row]));
  await repo.removeRanges(scope.tx, service.id, current.filter((row) => !wanted.has(row.ipAddress)).map((row) => row.ipAddress));
  for (const [range, label] of wanted) {
    const row = existing.get(range);
    if (row && row.label !== label) await repo.relabel(scope.tx, row.id, label);
  }
  await repo.insert(
    scope.tx,
    service.accountId,
    service.id,
    ranges.filter((range) => !existing.has(range)).map((range) => ({ ipAddress: range, label: wanted.get(range) ?? null })),
  );
  return list(scope);
}

/** The list as its audit trail shows it: each range with its label. */
export function describe(list: ServiceAddresses['allowed_addresses']): string[] {
  return list.map((entry) => (entry.label ? `${entry.ip_address} (${entry.label})` : entry.ip_address));
}

/**
 * The canonical form of an address or range, refusing a prefix the family does not have and a range with host
 * bits set (203.0.113.5/24): what it lets in would not be what the operator wrote.
 */
export function checkedRange(input: string): { canonical: string } | { error: string } {
  const range = parseRange(input);
  if (!range) return { error: BAD_RANGE };
  const canonical = formatRange(range);
  if (!isNetworkAddress(range)) return { error: Messages.serviceAddressHostBits(canonical, formatRange(networkOf(range))) };
  return { canonical };
}

/** IPv4 before IPv6, each by network address, then the wider range first. */
export function compareRanges(a: string, b: string): number {
  const x = parseRange(a);
  const y = parseRange(b);
  if (!x || !y) return a.localeCompare(b);
  if (x.v4 !== y.v4) return x.v4 ? -1 : 1;
  if (x.value !== y.value) return x.value < y.value ? -1 : 1;
  return x.prefix - y.prefix;
}
