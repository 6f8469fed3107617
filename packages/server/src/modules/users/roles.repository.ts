import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { roles } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type RoleRow = typeof roles.$inferSelect;
export type ListQuery = {
  page: number;
  page_size: number;
  order: 'asc' | 'desc';
  order_by: 'name' | 'user_count';
  search?: string | undefined;
};

// Spelled out: drizzle leaves columns unqualified when a query reads one table, which would make this
// correlated subquery compare user_roles.role_id with user_roles' own columns.
const userCount = sql<number>`(select count(*)::int from user_roles as ur where ur.role_id = "roles"."id")`;

export async function listRoles(tx: Tx, accountId: string, query: ListQuery) {
  const window = pageWindow(query, { name: sql`lower(${roles.name})`, user_count: userCount }, roles.id);
  const where = and(eq(roles.accountId, accountId), matchesSearch(query.search, [roles.name]));
  const [rows, [count]] = await Promise.all([
    tx
      .select({ role: roles, userCount })
      .from(roles)
      .where(where)
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(roles).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findRolesWithCounts(tx: Tx, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ role: roles, userCount })
    .from(roles)
    .where(and(eq(roles.accountId, accountId), inArray(roles.id, ids)));
}

export async function findRoles(tx: Tx, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(roles)
    .where(and(eq(roles.accountId, accountId), inArray(roles.id, ids)));
}

/** Roles of the account, other than `exceptId`, whose names equal one of `names` ignoring case. */
export async function findRolesNamed(tx: Tx, accountId: string, names: string[], exceptId?: string) {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  return tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(
      and(
        eq(roles.accountId, accountId),
        inArray(sql`lower(${roles.name})`, lowered),
        exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
      ),
    );
}

export async function insertRole(tx: Tx, role: typeof roles.$inferInsert) {
  const [row] = await tx.insert(roles).values(role).returning();
  return row!;
}

export async function updateRole(tx: Tx, id: string, changes: Partial<Pick<RoleRow, 'name' | 'permissions'>>) {
  if (changes.name === undefined && changes.permissions === undefined) return;
  await tx.update(roles).set(changes).where(eq(roles.id, id));
}

export async function deleteRoles(tx: Tx, ids: string[]) {
  await tx.delete(roles).where(inArray(roles.id, ids));
}
