import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { passwordTokens } from '../../db/schema/password-tokens.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

const userColumns = {
  id: users.id,
  accountId: users.accountId,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  disabled: sql<boolean>`${users.disabled} or ${accounts.disabled}`,
};

/**
 * A user by username (any letter case) within the account the user names the way they know it: its account code,
 * or the account slug of their sign-in link (any letter case; both are unique across accounts).
 */
export async function findUserInAccount(tx: Tx, username: string, account: string) {
  const named = account.toLowerCase();
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        or(sql`lower(${accounts.accountCode}) = ${named}`, sql`lower(${accounts.accountSlug}) = ${named}`),
      ),
    );
  return row;
}

export async function findUserById(tx: Tx, id: string) {
  const [row] = await tx.select(userColumns).from(users).innerJoin(accounts, eq(accounts.id, users.accountId)).where(eq(users.id, id));
  return row;
}

export async function insertToken(tx: Tx, token: { tokenHash: string; accountId: string; userId: string; purpose: string; validSeconds: number }) {
  const { validSeconds, ...values } = token;
  await tx.insert(passwordTokens).values({ ...values, expiresAt: sql`now() + make_interval(secs => ${validSeconds})` });
}

/** The live token with this hash and its user, or undefined when it is unknown, used or expired. */
export async function findLiveToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ userId: passwordTokens.userId, purpose: passwordTokens.purpose, expiresAt: passwordTokens.expiresAt, username: users.username })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(and(eq(passwordTokens.tokenHash, tokenHash), gt(passwordTokens.expiresAt, sql`now()`)));
  return row;
}

/**
 * Takes the live token with this hash, deleting it in the same statement, so two parallel uses cannot
 * both succeed. Returns its user and purpose, or undefined.
 */
export async function consumeToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .delete(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, tokenHash), gt(passwordTokens.expiresAt, sql`now()`)))
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row;
}

/** The user's reset links that still work, counted with the user's row locked (one count at a time per user). */
export async function liveResetLinks(tx: Tx, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.userId, userId), eq(passwordTokens.purpose, 'reset'), gt(passwordTokens.expiresAt, sql`now()`)));
  return row?.n ?? 0;
}

export async function deleteTokensOfUser(tx: Tx, userId: string) {
  await tx.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
}

/** Work comparable to issuing a token, for a request that names no user (the answer must not tell). */
export async function touchTokens(tx: Tx, tokenHash: string) {
  await tx.select({ n: sql<number>`count(*)` }).from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash));
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Ends the user's sessions, except the one with this hash when given (the caller's own). */
export async function deleteSessionsOfUser(tx: Tx, userId: string, keepSessionHash?: string) {
  await tx
    .delete(sessions)
    .where(keepSessionHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash)) : eq(sessions.userId, userId));
}
