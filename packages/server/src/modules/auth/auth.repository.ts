import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { ipAllowlist } from '../../db/schema/allowlist.ts';
import { userTotp } from '../../db/schema/mfa.ts';
import { loginThrottle } from '../../db/schema/platform.ts';
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
 * Counts an attempt against a username before its password is checked, atomically with the lock test,
 * so parallel attempts cannot slip past the threshold. Returns false when the username is locked.
 * An expired lock starts a fresh count.
 */
export async function reserveSignInAttempt(tx: Tx, username: string, maxFailures: number, lockSeconds: number) {
  const lockExpired = sql`${loginThrottle.lockedUntil} is not null and ${loginThrottle.lockedUntil} <= now()`;
  const failures = sql`case when ${lockExpired} then 1 else ${loginThrottle.failures} + 1 end`;
  const rows = await tx
    .insert(loginThrottle)
    .values({ username, failures: 1, lockedUntil: maxFailures <= 1 ? sql`now() + make_interval(secs => ${lockSeconds})` : null })
    .onConflictDoUpdate({
      target: loginThrottle.username,
      set: {
        failures,
        lockedUntil: sql`case when ${failures} >= ${maxFailures} then now() + make_interval(secs => ${lockSeconds}) end`,
      },
      setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= now()`,
    })
    .returning({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil });
  const row = rows[0];
  return { allowed: row !== undefined, lockedNow: row?.lockedUntil != null };
}

export async function clearSignInFailures(tx: Tx, username: string) {
  await tx.delete(loginThrottle).where(eq(loginThrottle.username, username));
}
