import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { IdentityProvidersQuery } from '@keydeck/contract/identity-providers';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { identityProviders, openidLoginStates } from '../../db/schema/identity-providers.ts';
import { users } from '../../db/schema/users.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type ProviderRow = typeof identityProviders.$inferSelect;
export type NewProvider = typeof identityProviders.$inferInsert;
export type LoginStateRow = typeof openidLoginStates.$inferSelect;

export async function listProviders(tx: Tx, accountId: string, query: IdentityProvidersQuery) {
  const where = and(
    eq(identityProviders.accountId, accountId),
    matchesSearch(query.search, [identityProviders.name, identityProviders.issuer, identityProviders.clientId]),
  );
  const window = pageWindow(
    query,
    { name: identityProviders.name, issuer: identityProviders.issuer, created_at: identityProviders.createdAt },
    identityProviders.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select().from(identityProviders).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(identityProviders).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findProvider(tx: Tx, accountId: string, id: string) {
  const [row] = await tx.select().from(identityProviders).where(and(eq(identityProviders.accountId, accountId), eq(identityProviders.id, id)));
  return row;
}

export async function nameTaken(tx: Tx, accountId: string, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: identityProviders.id })
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.accountId, accountId),
        sql`lower(${identityProviders.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(identityProviders.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertProvider(tx: Tx, provider: NewProvider) {
  const [row] = await tx.insert(identityProviders).values(provider).returning();
  return row!;
}

export async function updateProvider(tx: Tx, accountId: string, id: string, changes: Partial<NewProvider>) {
  const [row] = await tx
    .update(identityProviders)
    .set(changes)
    .where(and(eq(identityProviders.accountId, accountId), eq(identityProviders.id, id)))
    .returning();
  return row;
}

export async function deleteProvider(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .delete(identityProviders)
    .where(and(eq(identityProviders.accountId, accountId), eq(identityProviders.id, id)))
    .returning({ id: identityProviders.id, name: identityProviders.name });
  return row;
}

/** The enabled providers of an active account, by its slug: what its login page offers. */
export function enabledProvidersBySlug(tx: Tx, slug: string) {
  return tx
    .select({ id: identityProviders.id, name: identityProviders.name })
    .from(identityProviders)
    .innerJoin(accounts, eq(accounts.id, identityProviders.accountId))
    .where(and(eq(accounts.accountSlug, slug), eq(accounts.disabled, false), eq(identityProviders.enabled, true)))
    .orderBy(identityProviders.name);
}

/** A provider a sign-in may start with: enabled, of an account that is not disabled. */
export async function findUsableProvider(tx: Tx, id: string) {
  const [row] = await tx
    .select({ provider: identityProviders })
    .from(identityProviders)
    .innerJoin(accounts, eq(accounts.id, identityProviders.accountId))
    .where(and(eq(identityProviders.id, id), eq(identityProviders.enabled, true), eq(accounts.disabled, false)));
  return row?.provider;
}

export async function insertLoginState(tx: Tx, state: typeof openidLoginStates.$inferInsert) {
  // Abandoned sign-ins are cleared as new ones start: the table holds only minutes of rows.
  await tx.delete(openidLoginStates).where(sql`${openidLoginStates.expiresAt} < now()`);
  await tx.insert(openidLoginStates).values(state);
}

/** Takes a sign-in's state out of the table: a second use of the same state finds nothing. Expired ones do not count. */
export async function consumeLoginState(tx: Tx, state: string) {
  const [row] = await tx
    .delete(openidLoginStates)
    .where(eq(openidLoginStates.state, state))
    .returning({ ...getTableColumns(openidLoginStates), live: sql<boolean>`${openidLoginStates.expiresAt} > now()` });
  return row?.live ? row : undefined;
}

/** Users of one account whose email (case-insensitive) or username matches the claim's value. */
export function findUsersByField(tx: Tx, accountId: string, field: 'email' | 'username', value: string) {
  const column = field === 'email' ? users.email : users.username;
  return tx
    .select({ id: users.id, accountId: users.accountId, disabled: sql<boolean>`${users.disabled} or ${accounts.disabled}` })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.accountId, accountId), sql`lower(${column}) = ${value.toLowerCase()}`))
    .limit(2);
}
