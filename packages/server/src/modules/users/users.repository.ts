import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { userTotp } from '../../db/schema/mfa.ts';
import { passwordTokens } from '../../db/schema/password-tokens.ts';
import { securityKeys } from '../../db/schema/security-keys.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { keysetWindow, type KeysetRequest } from '../../platform/keyset.ts';
import { matchesSearch } from '../../platform/paging.ts';

export type UserChanges = Partial<Pick<typeof users.$inferInsert, 'name' | 'email' | 'disabled' | 'mfaEnforced'>>;
export type ListQuery = KeysetRequest & {
  order_by: 'name' | 'username' | 'email' | 'created_at';
  search?: string | undefined;
};

/**
 * A user as listed: never the password hash. Online means a session that is neither past its absolute
 * limit nor idle longer than the idle timeout, the same test the session store applies to every request.
 * Spelled out with "users"."id": the subqueries must bind to the outer row.
 */
function listColumns(idleSeconds: number) {
  return {
    id: users.id,
    username: users.username,
    name: users.name,
    email: users.email,
    disabled: users.disabled,
    mfaEnforced: users.mfaEnforced,
    createdAt: users.createdAt,
    accountCode: accounts.accountCode,
    online: sql<boolean>`exists (select 1 from ${sessions} s where s.user_id = "users"."id"
      and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ${idleSeconds}))`,
    lastSeenAt: sql<Date | null>`(select max(s.last_seen_at) from ${sessions} s where s.user_id = "users"."id")`.mapWith(
      sessions.lastSeenAt,
    ),
    // Used links are deleted, and choosing a password deletes every link: an invite link left means no password yet.
    invited: sql<boolean>`exists (select 1 from ${passwordTokens} t where t.user_id = "users"."id" and t.purpose = 'invite')`,
    authenticatorApp: sql<boolean>`exists (select 1 from ${userTotp} f where f.user_id = "users"."id" and f.confirmed_at is not null)`,
    securityKeys: sql<number>`(select count(*)::int from ${securityKeys} k where k.user_id = "users"."id")`,
    platformAdmin: users.platformAdmin,
  };
}

/**
 * The orders of the users list; a username is unique (users_username_lower), so it needs no tie-breaker. Case
 * aside, by the stored lower-cased keys (migration 0054), which the account's indexes serve under row-level security.
 */
const ORDER: Record<ListQuery['order_by'], SQL> = {
  name: sql`"users"."name_key"`,
  username: sql`"users"."username_key"`,
  email: sql`"users"."email_key"`,
  created_at: sql`${users.createdAt}`,
};

/**
 * A page of the account's users by keyset (platform/keyset.ts) in every order, none of which may be empty: the id
 * breaks ties, except by username, which is unique. An account's users stay in the thousands: counted exactly,
 * first, so the last page holds what is left over.
 */
export async function listUsers(tx: Tx, accountId: string, query: ListQuery, idleSeconds: number) {
  const where = and(eq(users.accountId, accountId), matchesSearch(query.search, [users.username, users.name, users.email]));
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const total = count?.total ?? 0;
  const sortColumn = ORDER[query.order_by];
  const window = keysetWindow(query, sortColumn, query.order_by === 'username' ? null : sql`${users.id}`, { rows: total, exact: true });
  const rows = await tx
    .select({ ...listColumns(idleSeconds), sortKey: sql<string>`${sortColumn}::text` })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(where, window.condition))
    .orderBy(window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  // The sort value as PostgreSQL writes it: a time keeps its microseconds, which a Date would lose.
  const page = window.page(rows, (row) => ({ value: row.sortKey, id: row.id }));
  return { ...page, rows: page.rows.map(({ sortKey: _, ...row }) => row), total };
}

export async function findUsersForList(tx: Tx, accountId: string, ids: string[], idleSeconds: number) {
  if (ids.length === 0) return [];
  return tx
    .select(listColumns(idleSeconds))
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
}

export type UserRow = Awaited<ReturnType<typeof findUsersForList>>[number];

export async function findUsers(tx: Tx, accountId: string, ids: string[]) {
  return tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
}

/** The roles each of the given users holds, by role name. */
export async function rolesOfUsers(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.name);
}

/** What each user holds: their platform-administrator flag and their roles' permissions, together. */
export async function permissionsOfUsers(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      userId: users.id,
      platformAdmin: users.platformAdmin,
      permissions: sql<string[]>`coalesce(array_agg(distinct p) filter (where p is not null), '{}')`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(sql`unnest(${roles.permissions}) as p`, sql`true`)
    .where(inArray(users.id, userIds))
    .groupBy(users.id, users.platformAdmin);
}

export async function updateUser(tx: Tx, id: string, changes: UserChanges) {
  if (Object.values(changes).every((v) => v === undefined)) return;
  await tx.update(users).set(changes).where(eq(users.id, id));
}

export async function replaceUserRoles(tx: Tx, accountId: string, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ accountId, userId, roleId })));
}

export async function deleteUsers(tx: Tx, ids: string[]) {
  await tx.delete(users).where(inArray(users.id, ids));
}

export async function deleteSessionsOfUsers(tx: Tx, ids: string[]) {
  await tx.delete(sessions).where(inArray(sessions.userId, ids));
}

/** Serialises changes to one account's users, so two concurrent demotions cannot both pass the administrator check. */
export async function lockAccountUsers(tx: Tx, accountId: string) {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** Enabled users of the account who administer it: platform administrators or holders of the built-in role. */
export async function countActiveAdministrators(tx: Tx, accountId: string, adminRoleName: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        eq(users.disabled, false),
        sql`(${users.platformAdmin} or exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
          where ur.user_id = "users"."id" and r.built_in and r.name = ${adminRoleName}))`,
      ),
    );
  return row?.count ?? 0;
}

export async function deleteInvitations(tx: Tx, userId: string) {
  await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, 'invite')));
}
