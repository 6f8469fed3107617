import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type ListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'account_slug' | 'created_at';
  search?: string | undefined;
};

// Spelled out: drizzle leaves columns unqualified when a query reads one table, which would make this
// correlated subquery compare users.account_id with users.id.
const userCount = sql<number>`(select count(*)::int from ${users} as u where u.account_id = "accounts"."id")`;
const administratorCount = sql<number>`(select count(distinct ur.user_id)::int from ${userRoles} as ur join ${roles} as r on r.id = ur.role_id
  where r.account_id = "accounts"."id" and r.built_in and r.name = ${BUILT_IN_ROLES.accountAdministrator.name})`;

export async function listAccounts(tx: Tx, query: ListQuery) {
  const window = pageWindow(
    query,
    { name: sql`lower(${accounts.name})`, account_slug: accounts.accountSlug, created_at: accounts.createdAt },
    accounts.id,
  );
  const where = matchesSearch(query.search, [accounts.name, accounts.apiName, accounts.accountSlug, accounts.accountCode, accounts.contactEmail]);
  const [rows, [count]] = await Promise.all([
    tx
      .select({ account: accounts, userCount, administratorCount })
      .from(accounts)
      .where(where)
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(accounts).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findAccountsWithCounts(tx: Tx, ids: string[]) {
  return tx.select({ account: accounts, userCount, administratorCount }).from(accounts).where(inArray(accounts.id, ids));
}

export async function findAccountsByIds(tx: Tx, ids: string[]) {
  return tx.select().from(accounts).where(inArray(accounts.id, ids));
}

/** Accounts other than `exceptId` already using any of the given unique values. */
export async function findConflicts(
  tx: Tx,
  values: { apiName?: string | undefined; accountSlug?: string | undefined; accountCode?: string | undefined },
  exceptId?: string,
) {
  const clauses = [
    values.apiName ? eq(accounts.apiName, values.apiName) : undefined,
    values.accountSlug ? eq(accounts.accountSlug, values.accountSlug) : undefined,
    values.accountCode ? eq(accounts.accountCode, values.accountCode) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (clauses.length === 0) return [];
  const others = exceptId ? sql`${accounts.id} <> ${exceptId}` : undefined;
  return tx
    .select({ apiName: accounts.apiName, accountSlug: accounts.accountSlug, accountCode: accounts.accountCode })
    .from(accounts)
    .where(and(or(...clauses), others));
}

export async function insertAccount(tx: Tx, account: NewAccount) {
  const [row] = await tx.insert(accounts).values(account).onConflictDoNothing().returning();
  return row;
}

export async function updateAccount(tx: Tx, id: string, changes: Partial<NewAccount>) {
  const [row] = await tx.update(accounts).set(changes).where(eq(accounts.id, id)).returning();
  return row;
}

/** Deletes the account; foreign keys cascade to everything it owns (port ranges are set free). */
export async function deleteAccount(tx: Tx, id: string) {
  const [row] = await tx.delete(accounts).where(eq(accounts.id, id)).returning({ id: accounts.id });
  return row;
}

export async function deleteAccountSessions(tx: Tx, accountId: string) {
  await tx.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function findAccountById(tx: Tx, id: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export async function findAccountBySlug(tx: Tx, slug: string) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.accountSlug, slug));
  return row;
}

export async function insertRole(tx: Tx, role: typeof roles.$inferInsert) {
  const [row] = await tx.insert(roles).values(role).returning();
  return row!;
}

export async function findRoleByName(tx: Tx, accountId: string, name: string) {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), eq(roles.name, name)));
  return row;
}

export async function insertUser(tx: Tx, user: NewUser) {
  const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function usernameTaken(tx: Tx, username: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

export async function grantRole(tx: Tx, grant: typeof userRoles.$inferInsert) {
  await tx.insert(userRoles).values(grant).onConflictDoNothing();
}
