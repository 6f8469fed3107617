import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { serviceAllowedAddresses } from '../../db/schema/service-addresses.ts';
import { services } from '../../db/schema/services.ts';

/** The service a session is on, as far as its addresses need it; RLS keeps it to the caller's account. */
export async function findService(tx: Tx, serviceId: string) {
  const [row] = await tx
    .select({ id: services.id, accountId: services.accountId, name: services.name, type: services.type })
    .from(services)
    .where(eq(services.id, serviceId));
  return row;
}

/** The service's allowed addresses (the service orders them by address). */
export function list(tx: Tx, serviceId: string) {
  return tx.select().from(serviceAllowedAddresses).where(eq(serviceAllowedAddresses.serviceId, serviceId));
}

export async function removeRanges(tx: Tx, serviceId: string, ranges: string[]): Promise<void> {
  if (ranges.length === 0) return;
  await tx
    .delete(serviceAllowedAddresses)
    .where(and(eq(serviceAllowedAddresses.serviceId, serviceId), inArray(serviceAllowedAddresses.ipAddress, ranges)));
}

export async function relabel(tx: Tx, id: string, label: string | null): Promise<void> {
  await tx.update(serviceAllowedAddresses).set({ label }).where(eq(serviceAllowedAddresses.id, id));
}

export async function insert(tx: Tx, accountId: string, serviceId: string, entries: { ipAddress: string; label: string | null }[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(serviceAllowedAddresses).values(entries.map((entry) => ({ accountId, serviceId, ...entry })));
}
