import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { oauthClients, oauthPayloads } from '../../db/schema/oauth.ts';
import { users } from '../../db/schema/users.ts';

/** An active user of an active account, for the claims of their ID token. */
export async function activeUser(tx: Tx, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await tx.select({ username: users.username, name: users.name, email: users.email }).from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, id), eq(users.disabled, false), eq(accounts.disabled, false)));
  return row;
}

const liveGrant = (userId: string) =>
  and(eq(oauthPayloads.kind, 'Grant'), eq(oauthPayloads.accountId, userId), or(isNull(oauthPayloads.expiresAt), gt(oauthPayloads.expiresAt, sql`now()`)));

/** The user's live grants (oidc-provider's Grant rows) with their clients, newest first; read across tenants. */
export async function consentsOf(tx: Tx, userId: string) {
  return tx
    .select({ id: oauthPayloads.id, payload: oauthPayloads.payload, expiresAt: oauthPayloads.expiresAt, clientId: oauthClients.id, clientName: oauthClients.name, accountName: accounts.name })
    .from(oauthPayloads)
    .innerJoin(oauthClients, sql`${oauthClients.id}::text = ${oauthPayloads.clientId}`)
    .innerJoin(accounts, eq(accounts.id, oauthClients.accountId))
    .where(liveGrant(userId))
    .orderBy(sql`(${oauthPayloads.payload}->>'iat')::bigint desc`);
}

/** Ends one of the user's grants with every code and token issued under it; the client's name, or null when none. */
export async function revokeConsent(tx: Tx, userId: string, grantId: string): Promise<{ clientId: string; clientName: string } | null> {
  const [grant] = await tx.delete(oauthPayloads).where(and(liveGrant(userId), eq(oauthPayloads.id, grantId))).returning({ clientId: oauthPayloads.clientId });
  if (!grant?.clientId) return null;
  await tx.delete(oauthPayloads).where(eq(oauthPayloads.grantId, grantId));
  const [client] = await tx.select({ name: oauthClients.name }).from(oauthClients).where(sql`${oauthClients.id}::text = ${grant.clientId}`);
  return { clientId: grant.clientId, clientName: client?.name ?? grant.clientId };
}
