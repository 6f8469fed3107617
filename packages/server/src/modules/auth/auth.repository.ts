import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { ipAllowlist } from '../../db/schema/allowlist.ts';
import { userTotp } from '../../db/schema/mfa.ts';
import { signInSources, signInThrottle } from '../../db/schema/platform.ts';
import { securityKeys } from '../../db/schema/security-keys.ts';
import { users } from '../../db/schema/users.ts';

export async function findUserForSignIn(tx: Tx, username: string) {
  const [row] = await tx
    .select({
      id: users.id,
      accountId: users.accountId,
      passwordHash: users.passwordHash,
      // A disabled account's users are refused like disabled users.
      disabled: sql<boolean>`${users.disabled} or ${accounts.disabled}`,
      allowedRanges: sql<string[] | null>`case when ${accounts.enforceIp} then coalesce((select array_agg(a.ip_address)
        from ${ipAllowlist} as a where a.account_id = ${accounts.id}), '{}') end`,
      totpConfirmed: sql<boolean>`exists (select 1 from ${userTotp} as f where f.user_id = ${users.id} and f.confirmed_at is not null)`,
      hasSecurityKey: sql<boolean>`exists (select 1 from ${securityKeys} as k where k.user_id = ${users.id})`,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return row;
}

/**
 * Counts an attempt against one throttle row before the password is checked, atomically with the wait test, so
 * parallel attempts cannot slip past it. Past `free` failures each attempt makes the next one wait 1 s, 2 s, 4 s...
 * up to maxWaitSeconds. Answers the seconds still to wait when the attempt came too early (and was not counted).
 */
export async function reserveThrottledAttempt(
  tx: Tx,
  row: { username: string; source: string },
  policy: { free: number; maxWaitSeconds: number },
): Promise<number | null> {
  const t = signInThrottle;
  const waitAfter = (failures: SQL) =>
    sql`now() + make_interval(secs => case when ${failures} <= ${policy.free} then 0
      else least(${policy.maxWaitSeconds}, power(2, least(${failures} - ${policy.free} - 1, 30))) end)`;
  const counted = await tx
    .insert(t)
    .values({ ...row, failures: 1, nextAttemptAt: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: [t.username, t.source],
      set: { failures: sql`${t.failures} + 1`, nextAttemptAt: waitAfter(sql`${t.failures} + 1`) },
      setWhere: sql`${t.nextAttemptAt} <= now()`,
    })
    .returning({ failures: t.failures });
  if (counted.length > 0) return null;
  const [held] = await tx
    .select({ wait: sql<number>`ceil(extract(epoch from ${t.nextAttemptAt} - now()))::int` })
    .from(t)
    .where(and(eq(t.username, row.username), eq(t.source, row.source)));
  return Math.max(1, held?.wait ?? 1);
}

/** Whether the user this username names completed a sign-in from this address before. */
export async function isFamiliarSource(tx: Tx, username: string, address: string): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(signInSources)
    .innerJoin(users, eq(users.id, signInSources.userId))
    .where(and(sql`lower(${users.username}) = ${username}`, eq(signInSources.address, address)));
  return rows.length > 0;
}

/**
 * A proven password clears the username's per-address counts. The count across unfamiliar addresses stays: one
 * sign-in of the real user must not hand a distributed attack a fresh allowance (it fades a day after the last try).
 */
export async function clearSignInFailures(tx: Tx, username: string) {
  await tx.delete(signInThrottle).where(and(eq(signInThrottle.username, username), ne(signInThrottle.source, '')));
}
