import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { hubTenancies } from '../../db/schema/hub-tenancies.ts';
import { serviceLocations } from '../../db/schema/service-locations.ts';
import { services } from '../../db/schema/services.ts';

export type TenancyRow = typeof hubTenancies.$inferSelect;

/** The account's tenancy; `forUpdate` locks it, so two creations checked against one quota run one after the other. */
export async function findTenancy(tx: Tx, accountId: string, forUpdate = false): Promise<TenancyRow | undefined> {
  const select = tx.select().from(hubTenancies).where(eq(hubTenancies.accountId, accountId));
  const [row] = forUpdate ? await select.for('update') : await select;
  return row;
}

export async function saveTenancy(tx: Tx, values: typeof hubTenancies.$inferInsert): Promise<void> {
  const { accountId: _key, ...changes } = values;
  await tx.insert(hubTenancies).values(values).onConflictDoUpdate({ target: hubTenancies.accountId, set: changes });
}

/** The account's services, whatever their status: a pending request holds its place in the quota too. */
export async function serviceCount(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(services).where(eq(services.accountId, accountId));
  return row?.n ?? 0;
}

/** The account's cloud HSMs until deprovisioned (a failed one too, until its owner deprovisions it). */
export async function cloudHsmCount(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudHsms)
    .where(and(eq(cloudHsms.accountId, accountId), ne(cloudHsms.status, 'Deprovisioned')));
  return row?.n ?? 0;
}

/** The service locations, as the service request form lists them. */
export function regions(tx: Tx) {
  return tx.select({ id: serviceLocations.id, name: serviceLocations.name }).from(serviceLocations).orderBy(asc(serviceLocations.name));
}
