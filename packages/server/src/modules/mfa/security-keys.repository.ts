import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { securityKeyThrottle, securityKeys, webauthnChallenges } from '../../db/schema/security-keys.ts';

export type ChallengePurpose = 'register' | 'authenticate';

const listed = {
  id: securityKeys.id,
  name: securityKeys.name,
  createdAt: securityKeys.createdAt,
  lastUsedAt: securityKeys.lastUsedAt,
};

export function listKeys(tx: Tx, userId: string) {
  return tx.select(listed).from(securityKeys).where(eq(securityKeys.userId, userId)).orderBy(asc(securityKeys.createdAt));
}

/** The key material too: for building requests and verifying answers, never for the wire. */
export function credentialsOf(tx: Tx, userId: string) {
  return tx
    .select({ id: securityKeys.id, credentialId: securityKeys.credentialId, publicKey: securityKeys.publicKey, signCount: securityKeys.signCount, transports: securityKeys.transports })
    .from(securityKeys)
    .where(eq(securityKeys.userId, userId));
}

export async function countKeys(tx: Tx, userId: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(securityKeys).where(eq(securityKeys.userId, userId));
  return row?.n ?? 0;
}

export async function insertKey(
  tx: Tx,
  row: { accountId: string; userId: string; name: string; credentialId: string; publicKey: string; signCount: number; transports: string[] },
) {
  const [saved] = await tx.insert(securityKeys).values(row).returning(listed);
  return saved!;
}

export async function renameKey(tx: Tx, userId: string, keyId: string, name: string) {
  const [row] = await tx
    .update(securityKeys)
    .set({ name })
    .where(and(eq(securityKeys.id, keyId), eq(securityKeys.userId, userId)))
    .returning(listed);
  return row;
}

export async function deleteKey(tx: Tx, userId: string, keyId: string) {
  const [row] = await tx
    .delete(securityKeys)
    .where(and(eq(securityKeys.id, keyId), eq(securityKeys.userId, userId)))
    .returning({ name: securityKeys.name });
  return row;
}

export async function deleteAllKeys(tx: Tx, userId: string) {
  await tx.delete(securityKeys).where(eq(securityKeys.userId, userId));
}

/**
 * Records a verified use: the new counter, but only when it moved forward, so parallel answers cannot
 * both pass with one counter value. False when the stored counter already reached it.
 */
export async function recordUse(tx: Tx, keyId: string, previousCount: number, signCount: number) {
  const rows = await tx
    .update(securityKeys)
    .set({ signCount, lastUsedAt: sql`now()` })
    .where(and(eq(securityKeys.id, keyId), eq(securityKeys.signCount, previousCount)))
    .returning({ id: securityKeys.id });
  return rows.length > 0;
}

/** One pending challenge per session and purpose: a new begin replaces the previous one. */
export async function saveChallenge(
  tx: Tx,
  row: { accountId: string; userId: string; sessionHash: string; purpose: ChallengePurpose; challenge: string },
  ttlSeconds: number,
) {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  await tx
    .insert(webauthnChallenges)
    .values({ ...row, expiresAt })
    .onConflictDoUpdate({
      target: [webauthnChallenges.sessionHash, webauthnChallenges.purpose],
      set: { challenge: row.challenge, userId: row.userId, accountId: row.accountId, expiresAt },
    });
}

/** Takes the session's pending challenge (it is gone afterwards, whatever the answer); undefined when none is live. */
export async function takeChallenge(tx: Tx, sessionHash: string, purpose: ChallengePurpose) {
  const [row] = await tx
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.sessionHash, sessionHash), eq(webauthnChallenges.purpose, purpose)))
    .returning({ challenge: webauthnChallenges.challenge, live: sql<boolean>`${webauthnChallenges.expiresAt} > now()` });
  return row?.live ? row.challenge : undefined;
}

/** Drops challenges nobody answered in time. */
export async function purgeExpiredChallenges(tx: Tx) {
  await tx.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} <= now()`);
}

/**
 * Counts a sign-in answer before it is checked, atomically with the lock test (as reserveAttempt does for
 * TOTP codes). Returns allowed false while the user's keys are locked; an expired lock starts a fresh count.
 */
export async function reserveAttempt(tx: Tx, user: { userId: string; accountId: string }, maxFailures: number, lockSeconds: number) {
  await tx.insert(securityKeyThrottle).values(user).onConflictDoNothing();
  const lockExpired = sql`${securityKeyThrottle.lockedUntil} is not null and ${securityKeyThrottle.lockedUntil} <= now()`;
  const failures = sql`case when ${lockExpired} then 1 else ${securityKeyThrottle.failures} + 1 end`;
  const rows = await tx
    .update(securityKeyThrottle)
    .set({
      failures,
      lockedUntil: sql`case when ${failures} >= ${maxFailures} then now() + make_interval(secs => ${lockSeconds}) end`,
    })
    .where(
      and(
        eq(securityKeyThrottle.userId, user.userId),
        sql`(${securityKeyThrottle.lockedUntil} is null or ${securityKeyThrottle.lockedUntil} <= now())`,
      ),
    )
    .returning({ lockedUntil: securityKeyThrottle.lockedUntil });
  const row = rows[0];
  return { allowed: row !== undefined, lockedNow: row?.lockedUntil != null };
}

export async function clearFailures(tx: Tx, userId: string) {
  await tx.update(securityKeyThrottle).set({ failures: 0, lockedUntil: null }).where(eq(securityKeyThrottle.userId, userId));
}
