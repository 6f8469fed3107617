import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { recoveryCodes, userTotp } from '../../db/schema/mfa.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

export async function findTotp(tx: Tx, userId: string) {
  const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** Starts (or restarts) an enrolment with a fresh secret; a confirmed factor is never overwritten. */
export async function savePendingTotp(tx: Tx, row: { userId: string; accountId: string; secret: string; enrollingSessionHash: string }) {
  const saved = await tx
    .insert(userTotp)
    .values(row)
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: row.secret, createdAt: sql`now()`, failures: 0, lockedUntil: null, enrollingSessionHash: row.enrollingSessionHash },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return saved.length > 0;
}

export async function confirmTotp(tx: Tx, userId: string, step: number) {
  const rows = await tx
    .update(userTotp)
    .set({ confirmedAt: sql`now()`, lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt)))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Spends a time step: succeeds only for a step later than the last one used, atomically, so a code
 * (or an older one) cannot be replayed, not even by parallel requests. Success clears the failure count.
 */
export async function useStep(tx: Tx, userId: string, step: number) {
  const rows = await tx
    .update(userTotp)
    .set({ lastUsedStep: step, failures: 0, lockedUntil: null })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function clearFailures(tx: Tx, userId: string) {
  await tx.update(userTotp).set({ failures: 0, lockedUntil: null }).where(eq(userTotp.userId, userId));
}

/**
 * Counts a second-factor attempt before the code is checked, atomically with the lock test (the pattern of
 * sign-in's reserveSignInAttempt). Returns allowed false while the factor is locked.
 */
export async function reserveAttempt(tx: Tx, userId: string, maxFailures: number, lockSeconds: number) {
  const lockExpired = sql`${userTotp.lockedUntil} is not null and ${userTotp.lockedUntil} <= now()`;
  const failures = sql`case when ${lockExpired} then 1 else ${userTotp.failures} + 1 end`;
  const rows = await tx
    .update(userTotp)
    .set({
      failures,
      lockedUntil: sql`case when ${failures} >= ${maxFailures} then now() + make_interval(secs => ${lockSeconds}) end`,
    })
    .where(and(eq(userTotp.userId, userId), sql`(${userTotp.lockedUntil} is null or ${userTotp.lockedUntil} <= now())`))
    .returning({ lockedUntil: userTotp.lockedUntil });
  const row = rows[0];
  return { allowed: row !== undefined, lockedNow: row?.lockedUntil != null };
}

/** The app alone: the recovery codes stay for the user's security keys. */
export async function deleteTotpOnly(tx: Tx, userId: string) {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function deleteTotp(tx: Tx, userId: string) {
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(tx: Tx, user: { userId: string; accountId: string }, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ ...user, codeHash })));
}

/** Marks an unused code used; false when no unused code has this hash. */
export async function useRecoveryCode(tx: Tx, userId: string, codeHash: string) {
  const rows = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function passwordHashOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

export async function findUsername(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username;
}

export async function findUserInAccount(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row;
}

/** Sessions still waiting for a code of a factor that no longer exists can never complete: end them. */
export async function deletePartialSessions(tx: Tx, userId: string) {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), isNotNull(sessions.nextFactor)));
}
