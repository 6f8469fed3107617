import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { keysetWindow, type KeysetRequest } from '../../platform/keyset.ts';
import { matchesSearch } from '../../platform/paging.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type ListQuery = KeysetRequest & {
  order_by: 'name' | 'account_slug' | 'created_at';
  search?: string | undefined;
};

// Spelled out: drizzle leaves columns unqualified when a query reads one table, which would make this
// correlated subquery compare users.account_id with users.id.
const userCount = sql<number>`(select count(*)::int from ${users} as u where u.account_id = "accounts"."id")`;
const administratorCount = sql<number>`(select count(distinct ur.user_id)::int from ${userRoles} as ur join ${roles} as r on r.id = ur.role_id
  where r.account_id = "accounts"."id" and r.built_in and r.name = ${BUILT_IN_ROLES.accountAdministrator.name})`;

/**
 * The orders of the accounts list; a slug is unique, so it needs no tie-breaker. By name, case aside, through the
 * stored lower-cased key (migration 0054), which its index serves under row-level security.
 */
const ORDER: Record<ListQuery['order_by'], SQL> = {
  name: sql`"accounts"."name_key"`,
  account_slug: sql`${accounts.accountSlug}`,
  created_at: sql`${accounts.createdAt}`,
};

/**
 * A page of the platform's accounts by keyset (platform/keyset.ts) in every order, none of which may be empty: the
 * id breaks ties, except by slug, which is unique. The accounts stay in the thousands: counted exactly, first, so
 * the last page holds what is left over.
 */
export async function listAccounts(tx: Tx, query: ListQuery) {
  const where = matchesSearch(query.search, [accounts.name, accounts.apiName, accounts.accountSlug, accounts.accountCode, accounts.contactEmail]);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(accounts).where(where);
  const total = count?.total ?? 0;
  const sortColumn = ORDER[query.order_by];
  const window = keysetWindow(query, sortColumn, query.order_by === 'account_slug' ? null : sql`${accounts.id}`, { rows: total, exact: true });
  const rows = await tx
    .select({ account: accounts, userCount, administratorCount, sortKey: sql<string>`${sortColumn}::text` })
    .from(accounts)
    .where(and(where, window.condition))
    .orderBy(window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  // The sort value as PostgreSQL writes it: a time keeps its microseconds, which a Date would lose.
  const page = window.page(rows, (row) => ({ value: row.sortKey, id: row.account.id }));
  return { ...page, rows: page.rows.map(({ sortKey: _, ...row }) => row), total };
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
