import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { oauthClients, oauthPayloads } from '../../db/schema/oauth.ts';
import { users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ClientRow = typeof oauthClients.$inferSelect;
export type ClientWithOwner = { client: ClientRow; owner: { id: string; username: string; name: string }; consents: number };
type ListQuery = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: 'name' | 'created_at'; search?: string | undefined };

/** Users who allow the client now: their live grants (oidc-provider's Grant rows). */
const consents = sql<number>`(select count(*)::int from ${oauthPayloads} g where g.kind = 'Grant' and g.client_id = ${oauthClients.id}::text and (g.expires_at is null or g.expires_at > now()))`;
const withOwner = { client: oauthClients, owner: { id: users.id, username: users.username, name: users.name }, consents };

export async function listClients(tx: Tx, accountId: string, query: ListQuery): Promise<{ rows: ClientWithOwner[]; total: number }> {
  const where = and(eq(oauthClients.accountId, accountId), matchesSearch(query.search, [oauthClients.name, users.username]));
  const window = pageWindow(query, { name: oauthClients.name, created_at: oauthClients.createdAt }, oauthClients.id);
  const [rows, [count]] = await Promise.all([
    tx.select(withOwner).from(oauthClients).innerJoin(users, eq(users.id, oauthClients.ownerUserId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(oauthClients).innerJoin(users, eq(users.id, oauthClients.ownerUserId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findClient(tx: Tx, accountId: string, id: string): Promise<ClientWithOwner | undefined> {
  const [row] = await tx.select(withOwner).from(oauthClients).innerJoin(users, eq(users.id, oauthClients.ownerUserId))
    .where(and(eq(oauthClients.accountId, accountId), eq(oauthClients.id, id)));
  return row;
}

export async function nameTaken(tx: Tx, accountId: string, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: oauthClients.id }).from(oauthClients)
    .where(and(eq(oauthClients.accountId, accountId), sql`lower(${oauthClients.name}) = lower(${name})`, exceptId ? ne(oauthClients.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function insertClient(tx: Tx, values: typeof oauthClients.$inferInsert): Promise<void> {
  await tx.insert(oauthClients).values(values);
}

export async function updateClient(tx: Tx, accountId: string, id: string, changes: Partial<typeof oauthClients.$inferInsert>): Promise<void> {
  await tx.update(oauthClients).set(changes).where(and(eq(oauthClients.accountId, accountId), eq(oauthClients.id, id)));
}

/** Deletes the client with every grant, code and token the authorization server holds for it. */
export async function deleteClient(tx: Tx, accountId: string, id: string): Promise<boolean> {
  const deleted = await tx.delete(oauthClients).where(and(eq(oauthClients.accountId, accountId), eq(oauthClients.id, id))).returning({ id: oauthClients.id });
  if (deleted.length === 0) return false;
  await tx.delete(oauthPayloads).where(eq(oauthPayloads.clientId, id));
  return true;
}

export async function accountExists(tx: Tx, accountId: string): Promise<boolean> {
  return (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId))).length > 0;
}

/**
 * A client as the authorization server needs it, by client_id across tenants (the caller's transaction bypasses
 * row-level security: a partner's client serves users of every account), with its account's name for the consent page.
 */
export async function clientForAuthorization(tx: Tx, id: string) {
  const [row] = await tx.select({ client: oauthClients, accountName: accounts.name }).from(oauthClients)
    .innerJoin(accounts, eq(accounts.id, oauthClients.accountId))
    .where(and(eq(oauthClients.id, id), eq(accounts.disabled, false)));
  return row;
}
