import type { AdminServicesQuery, ServicesQuery } from '@keydeck/contract/services';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts.ts';
import type { Tx } from '../../db/database.ts';
import { serverLocations, serviceLocations } from '../../db/schema/service-locations.ts';
import { delegateCurrentServices, serviceSessions, serviceUserGroups, serviceUsers, services } from '../../db/schema/services.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type ServiceRow = typeof services.$inferSelect;
export type NewService = typeof services.$inferInsert;

export async function listServices(tx: Tx, accountId: string, query: ServicesQuery) {
  const where = and(
    eq(services.accountId, accountId),
    query.status ? eq(services.status, query.status) : undefined,
    matchesSearch(query.search, [services.name, services.type, services.location]),
  );
  const window = pageWindow(
    query,
    { name: sql`lower(${services.name})`, type: services.type, status: services.status, created_at: services.createdAt },
    services.id,
  );
  // One after the other: a transaction's connection runs one query at a time anyway.
  const rows = await tx.select().from(services).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(services).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Every account's services, with the account's name, for platform administrators. */
export async function listEveryAccountsServices(tx: Tx, query: AdminServicesQuery) {
  const where = and(
    query.status ? eq(services.status, query.status) : undefined,
    matchesSearch(query.search, [services.name, services.type, accounts.name]),
  );
  const window = pageWindow(
    query,
    { name: sql`lower(${services.name})`, status: services.status, created_at: services.createdAt, account_name: sql`lower(${accounts.name})` },
    services.id,
  );
  const rows = await tx
    .select({ ...getTableColumns(services), accountName: accounts.name })
    .from(services)
    .innerJoin(accounts, eq(accounts.id, services.accountId))
    .where(where)
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(services).innerJoin(accounts, eq(accounts.id, services.accountId)).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findService(tx: Tx, accountId: string | null, id: string) {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), accountId ? eq(services.accountId, accountId) : undefined));
  return row ?? null;
}

/** The services with these ids, locked against concurrent changes of their status. */
export function lockServices(tx: Tx, ids: string[]) {
  return tx.select().from(services).where(inArray(services.id, ids)).orderBy(asc(services.id)).for('update');
}

export async function nameTaken(tx: Tx, accountId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.accountId, accountId), sql`lower(${services.name}) = lower(${name})`));
  return row !== undefined;
}

/** The account's service of this name (ignoring case), if any. */
export async function findServiceByName(tx: Tx, accountId: string, name: string) {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.accountId, accountId), sql`lower(${services.name}) = lower(${name})`));
  return row ?? null;
}

export async function insertService(tx: Tx, service: NewService): Promise<ServiceRow> {
  const [row] = await tx.insert(services).values(service).returning();
  return row!;
}

export async function setStatus(tx: Tx, id: string, status: ServiceRow['status']): Promise<ServiceRow> {
  const [row] = await tx.update(services).set({ status, updatedAt: sql`now()` }).where(eq(services.id, id)).returning();
  return row!;
}

export function deleteServices(tx: Tx, ids: string[]) {
  return tx.delete(services).where(inArray(services.id, ids)).returning();
}

export async function endServiceSessions(tx: Tx, serviceId: string): Promise<void> {
  await tx.delete(serviceSessions).where(eq(serviceSessions.serviceId, serviceId));
}

export async function setCurrentService(tx: Tx, sessionHash: string, serviceId: string | null): Promise<void> {
  await tx.update(sessions).set({ currentServiceId: serviceId }).where(eq(sessions.idHash, sessionHash));
}

export async function setDelegateCurrentService(tx: Tx, accountId: string, delegateKey: string, serviceId: string | null): Promise<void> {
  if (serviceId === null) {
    await tx.delete(delegateCurrentServices).where(eq(delegateCurrentServices.delegateKey, delegateKey));
    return;
  }
  await tx
    .insert(delegateCurrentServices)
    .values({ delegateKey, accountId, serviceId })
    .onConflictDoUpdate({ target: delegateCurrentServices.delegateKey, set: { serviceId, updatedAt: sql`now()` } });
}

export async function delegateCurrentService(tx: Tx, delegateKey: string): Promise<string | null> {
  const [row] = await tx.select({ serviceId: delegateCurrentServices.serviceId }).from(delegateCurrentServices).where(eq(delegateCurrentServices.delegateKey, delegateKey));
  return row?.serviceId ?? null;
}

export function listServiceLocations(tx: Tx) {
  return tx.select().from(serviceLocations).orderBy(asc(serviceLocations.name));
}

export function listServerLocations(tx: Tx) {
  return tx.select().from(serverLocations).orderBy(asc(serverLocations.id));
}

// ---- provisioning ----

/** The service's group of this name, created when missing (a retried provisioning finds the first one). */
export async function ensureGroup(tx: Tx, group: { accountId: string; serviceId: string; name: string; permissions: Record<string, 'View' | 'Modify'> }) {
  await tx.insert(serviceUserGroups).values({ ...group, parentName: null }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: serviceUserGroups.id })
    .from(serviceUserGroups)
    .where(and(eq(serviceUserGroups.serviceId, group.serviceId), sql`lower(${serviceUserGroups.name}) = lower(${group.name})`));
  return row!.id;
}

export async function addServiceUsers(tx: Tx, rows: { accountId: string; serviceId: string; userId: string; groupId: string }[]): Promise<void> {
  if (rows.length > 0) await tx.insert(serviceUsers).values(rows).onConflictDoNothing();
}

/** The user, when still an enabled user of the account. */
export async function findActiveUser(tx: Tx, accountId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId), eq(users.disabled, false)));
  return row?.id ?? null;
}

/** Enabled users of the account holding the named role. */
export async function usersWithRole(tx: Tx, accountId: string, roleName: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.accountId, accountId), eq(users.disabled, false), eq(roles.name, roleName)));
  return rows.map((r) => r.id);
}
