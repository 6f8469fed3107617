import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MarketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { accountMarketplaces, marketplaceEntitlementServices } from '../../db/schema/registrations.ts';
import { services } from '../../db/schema/services.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type EntitlementRow = { entitlement: typeof accountMarketplaces.$inferSelect; accountName: string };
export type LinkedService = { accountId: string; id: string; name: string; type: string; status: string };

const withAccount = { entitlement: accountMarketplaces, accountName: accounts.name };

export async function listEntitlements(tx: Tx, query: MarketplaceEntitlementsQuery): Promise<{ rows: EntitlementRow[]; total: number }> {
  const where = and(
    matchesSearch(query.search, [accounts.name]),
    query.provider ? eq(accountMarketplaces.provider, query.provider) : undefined,
    query.state ? eq(accountMarketplaces.state, query.state) : undefined,
  );
  const order = { recorded_at: accountMarketplaces.recordedAt, account_name: accounts.name, state: accountMarketplaces.state };
  const window = pageWindow(query, order, accountMarketplaces.accountId);
  const [rows, [count]] = await Promise.all([
    tx.select(withAccount).from(accountMarketplaces).innerJoin(accounts, eq(accounts.id, accountMarketplaces.accountId))
      .where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(accountMarketplaces).innerJoin(accounts, eq(accounts.id, accountMarketplaces.accountId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One account's entitlement; `forUpdate` locks it so two decisions on it cannot both pass the state check. */
export async function findEntitlement(tx: Tx, accountId: string, forUpdate = false): Promise<EntitlementRow | undefined> {
  const select = tx.select(withAccount).from(accountMarketplaces).innerJoin(accounts, eq(accounts.id, accountMarketplaces.accountId))
    .where(eq(accountMarketplaces.accountId, accountId));
  const [row] = forUpdate ? await select.for('update', { of: accountMarketplaces }) : await select;
  return row;
}

export async function updateEntitlement(tx: Tx, accountId: string, changes: Partial<typeof accountMarketplaces.$inferInsert>): Promise<void> {
  await tx.update(accountMarketplaces).set(changes).where(eq(accountMarketplaces.accountId, accountId));
}

/** The services linked to these accounts' entitlements, by name. */
export async function linkedServices(tx: Tx, accountIds: string[]): Promise<LinkedService[]> {
  if (accountIds.length === 0) return [];
  return tx
    .select({ accountId: marketplaceEntitlementServices.accountId, id: services.id, name: services.name, type: services.type, status: services.status })
    .from(marketplaceEntitlementServices)
    .innerJoin(services, eq(services.id, marketplaceEntitlementServices.serviceId))
    .where(inArray(marketplaceEntitlementServices.accountId, accountIds))
    .orderBy(services.name, services.id);
}

/** Which of these ids are services of the account. */
export async function servicesOfAccount(tx: Tx, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: services.id }).from(services).where(and(eq(services.accountId, accountId), inArray(services.id, ids)));
  return rows.map((row) => row.id);
}

/** The entitlement pays for exactly these services from now on. */
export async function replaceLinkedServices(tx: Tx, accountId: string, serviceIds: string[]): Promise<void> {
  await tx.delete(marketplaceEntitlementServices).where(eq(marketplaceEntitlementServices.accountId, accountId));
  if (serviceIds.length > 0) await tx.insert(marketplaceEntitlementServices).values(serviceIds.map((serviceId) => ({ accountId, serviceId })));
}
