import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { ipAllowlist } from '../../db/schema/allowlist.ts';
import { apiCredentials } from '../../db/schema/credentials.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type CredentialRow = typeof apiCredentials.$inferSelect;
export type CredentialWithOwner = { credential: CredentialRow; owner: { id: string; username: string; name: string } };
type ListQuery = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: 'name' | 'created_at' | 'expires_at' | 'last_used_at'; search?: string | undefined };

const withOwner = { credential: apiCredentials, owner: { id: users.id, username: users.username, name: users.name } };

export async function listCredentials(tx: Tx, accountId: string, query: ListQuery): Promise<{ rows: CredentialWithOwner[]; total: number }> {
  const where = and(eq(apiCredentials.accountId, accountId), matchesSearch(query.search, [apiCredentials.name, users.username]));
  const order = { name: apiCredentials.name, created_at: apiCredentials.createdAt, expires_at: apiCredentials.expiresAt, last_used_at: apiCredentials.lastUsedAt };
  const window = pageWindow(query, order, apiCredentials.id);
  const [rows, [count]] = await Promise.all([
    tx.select(withOwner).from(apiCredentials).innerJoin(users, eq(users.id, apiCredentials.ownerUserId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(apiCredentials).innerJoin(users, eq(users.id, apiCredentials.ownerUserId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findCredential(tx: Tx, accountId: string, id: string): Promise<CredentialWithOwner | undefined> {
  const [row] = await tx.select(withOwner).from(apiCredentials).innerJoin(users, eq(users.id, apiCredentials.ownerUserId))
    .where(and(eq(apiCredentials.accountId, accountId), eq(apiCredentials.id, id)));
  return row;
}

export async function nameTaken(tx: Tx, accountId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: apiCredentials.id }).from(apiCredentials)
    .where(and(eq(apiCredentials.accountId, accountId), sql`lower(${apiCredentials.name}) = lower(${name})`, exceptId ? ne(apiCredentials.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function insertCredential(tx: Tx, values: typeof apiCredentials.$inferInsert): Promise<string> {
  const [row] = await tx.insert(apiCredentials).values(values).returning({ id: apiCredentials.id });
  return row!.id;
}

export async function updateCredential(tx: Tx, accountId: string, id: string, changes: Partial<typeof apiCredentials.$inferInsert>): Promise<void> {
  await tx.update(apiCredentials).set(changes).where(and(eq(apiCredentials.accountId, accountId), eq(apiCredentials.id, id)));
}

/** Active users of the account, each with the union of their roles' permissions. */
export async function activeUsers(tx: Tx, accountId: string, userId?: string) {
  return tx
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      platformAdmin: users.platformAdmin,
      permissions: sql<string[]>`coalesce((select array_agg(distinct p) from ${userRoles} ur join ${roles} r on r.id = ur.role_id, unnest(r.permissions) as p where ur.user_id = "users"."id"), '{}')`,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.disabled, false), userId ? eq(users.id, userId) : undefined))
    .orderBy(users.username);
}

export async function accountExists(tx: Tx, accountId: string): Promise<boolean> {
  return (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId))).length > 0;
}

/** What the token endpoint checks, read across tenants (its transaction bypasses row-level security). */
export async function forTokenExchange(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      credential: apiCredentials,
      ownerUsername: users.username,
      ownerActive: sql<boolean>`not ${users.disabled} and ${users.accountId} = ${apiCredentials.accountId}`,
      accountActive: sql<boolean>`not ${accounts.disabled}`,
      enforceIp: accounts.enforceIp,
    })
    .from(apiCredentials)
    .innerJoin(users, eq(users.id, apiCredentials.ownerUserId))
    .innerJoin(accounts, eq(accounts.id, apiCredentials.accountId))
    .where(eq(apiCredentials.id, id));
  if (!row) return undefined;
  const allowlist = row.enforceIp
    ? (await tx.select({ ip: ipAllowlist.ipAddress }).from(ipAllowlist).where(eq(ipAllowlist.accountId, row.credential.accountId))).map((r) => r.ip)
    : null;
  return { ...row, allowlist };
}
