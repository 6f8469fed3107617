import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { oauthClients, oauthPayloads } from '../../db/schema/oauth.ts';
import { users } from '../../db/schema/users.ts';

/** Whether the account's users may allow other accounts' applications; undefined when there is no such account. */
export async function otherCompanyClientsAllowed(tx: Tx, accountId: string): Promise<boolean | undefined> {
  const [row] = await tx.select({ allowed: accounts.otherCompanyOAuthClients }).from(accounts).where(eq(accounts.id, accountId));
  return row?.allowed;
}

/** Whether a user may (still) hold a grant to a client: same account, or their account allows other companies'. */
export async function userMayGrant(tx: Tx, userId: string, clientId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !/^[0-9a-f-]{36}$/i.test(clientId)) return false;
  const [row] = await tx
    .select({ allowed: sql<boolean>`${accounts.otherCompanyOAuthClients} or ${accounts.id} = ${oauthClients.accountId}` })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .innerJoin(oauthClients, eq(oauthClients.id, clientId))
    .where(eq(users.id, userId));
  return row?.allowed === true;
}

export async function setOtherCompanyClients(tx: Tx, accountId: string, allowed: boolean): Promise<void> {
  await tx.update(accounts).set({ otherCompanyOAuthClients: allowed }).where(eq(accounts.id, accountId));
}

/** Ends every grant the account's users gave to other accounts' clients, with the codes and tokens issued under it. */
export async function revokeOtherCompanyGrants(tx: Tx, accountId: string): Promise<number> {
  const ended = await tx
    .delete(oauthPayloads)
    .where(
      and(
        eq(oauthPayloads.kind, 'Grant'),
        inArray(oauthPayloads.accountId, tx.select({ id: sql<string>`${users.id}::text` }).from(users).where(eq(users.accountId, accountId))),
        inArray(oauthPayloads.clientId, tx.select({ id: sql<string>`${oauthClients.id}::text` }).from(oauthClients).where(ne(oauthClients.accountId, accountId))),
      ),
    )
    .returning({ id: oauthPayloads.id });
  if (ended.length) await tx.delete(oauthPayloads).where(inArray(oauthPayloads.grantId, ended.map((g) => g.id)));
  return ended.length;
}
