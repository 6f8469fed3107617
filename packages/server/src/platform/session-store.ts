import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { accounts } from '../db/schema/accounts.ts';
import { ipAllowlist } from '../db/schema/allowlist.ts';
import { userTotp } from '../db/schema/mfa.ts';
import { securityKeys } from '../db/schema/security-keys.ts';
import { sessions } from '../db/schema/sessions.ts';
import { roles, userRoles, users } from '../db/schema/users.ts';
import { effectivePermissions, type Principal } from './principal.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

export type SessionTimeouts = { idleSeconds: number; absoluteSeconds: number };

/** Last-seen is refreshed at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_SECONDS = 60;

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Server-side sessions: a 256-bit random id in the cookie, only its hash in the database. */
export function createSessionStore(db: Db, timeouts: SessionTimeouts) {
  return {
    async create(
      tx: Tx,
      session: { userId: string; accountId: string; clientAddress: string; userAgent: string; nextFactor: string | null },
    ): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      await tx.insert(sessions).values({
        idHash: hashSessionId(id),
        ...session,
        expiresAt: sql`now() + make_interval(secs => ${timeouts.absoluteSeconds})`,
      });
      return id;
    },

    async destroy(tx: Tx, sessionHash: string): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.idHash, sessionHash));
    },

    /** The principal behind a session id, or null when the session is unknown, idle too long or past its absolute limit. */
    resolve(sessionId: string): Promise<Principal | null> {
      return inScope(db, SYSTEM_SCOPE, (tx) => principalOf(tx, sessionId));
    },

    principalOf,
  };

  async function principalOf(tx: Tx, sessionId: string): Promise<Principal | null> {
        const idHash = hashSessionId(sessionId);
        const [row] = await tx
          .select({
            userId: users.id,
            username: users.username,
            name: users.name,
            email: users.email,
            // An account that enforces MFA enforces it for every one of its users.
            mfaEnforced: sql<boolean>`${users.mfaEnforced} or ${accounts.mfaEnforced}`,
            mfaEnabled: sql<boolean>`exists (select 1 from ${userTotp} as f
              where f.user_id = ${users.id} and f.confirmed_at is not null)
              or exists (select 1 from ${securityKeys} as k where k.user_id = ${users.id})`,
            platformAdmin: users.platformAdmin,
            nextFactor: sessions.nextFactor,
            currentServiceId: sessions.currentServiceId,
            accountId: accounts.id,
            accountName: accounts.name,
            apiName: accounts.apiName,
            accountSlug: accounts.accountSlug,
            enforceIp: accounts.enforceIp,
            allowlist: sql<string[]>`coalesce((select array_agg(a.ip_address) from ${ipAllowlist} as a
              where a.account_id = ${accounts.id}), '{}')`,
            stale: sql<boolean>`${sessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`,
            permissions: sql<string[]>`coalesce((select array_agg(distinct p) from ${userRoles}
              join ${roles} on ${roles.id} = ${userRoles.roleId}, unnest(${roles.permissions}) as p
              where ${userRoles.userId} = ${users.id}), '{}')`,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .innerJoin(accounts, eq(accounts.id, sessions.accountId))
          .where(
            and(
              eq(sessions.idHash, idHash),
              gt(sessions.expiresAt, sql`now()`),
              gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${timeouts.idleSeconds})`),
              eq(users.disabled, false),
              eq(accounts.disabled, false),
            ),
          );
        if (!row) return null;
        if (row.stale) await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
        return {
          sessionHash: idHash,
          userId: row.userId,
          username: row.username,
          name: row.name,
          email: row.email,
          mfaEnforced: row.mfaEnforced,
          mfaEnabled: row.mfaEnabled,
          platformAdmin: row.platformAdmin,
          account: {
            id: row.accountId,
            name: row.accountName,
            apiName: row.apiName,
            accountSlug: row.accountSlug,
            allowedRanges: row.enforceIp ? row.allowlist : null,
          },
          permissions: effectivePermissions(row.platformAdmin, row.permissions),
          nextFactor: row.nextFactor === 'totp' || row.nextFactor === 'u2f' ? row.nextFactor : null,
          currentServiceId: row.currentServiceId,
        };
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>;
