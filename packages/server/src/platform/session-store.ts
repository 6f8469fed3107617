import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import { signInSources } from '../db/schema/platform.ts';
import { sessions } from '../db/schema/sessions.ts';
import { effectivePermissions, principalAccount, type Principal, type PrincipalAccountColumns } from './principal.ts';

export type SessionTimeouts = { idleSeconds: number; absoluteSeconds: number };

/**
 * Last-seen is refreshed once a tenth of the idle timeout has passed (at most once a minute), so a busy session
 * does not write on every request, yet one in use never reaches its idle timeout however short it is.
 */
export function touchIntervalSeconds(idleSeconds: number): number {
  return Math.min(60, Math.floor(idleSeconds / 10));
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** The session's principal as one json value (the database function keydeck_session_principal, migration 0041). */
const PRINCIPAL_SQL = 'select keydeck_session_principal($1, $2, $3) as principal';

/** Server-side sessions: a 256-bit random id in the cookie, only its hash in the database. */
export function createSessionStore(database: Pick<Database, 'executeSql'>, timeouts: SessionTimeouts) {
  const touchSeconds = touchIntervalSeconds(timeouts.idleSeconds);
  return {
    async create(
      tx: Tx,
      session: { userId: string; accountId: string; clientAddress: string; userAgent: string; nextFactor: string | null },
    ): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      // A complete sign-in makes its address familiar: sign-in throttling of unfamiliar addresses spares it.
      if (session.nextFactor === null) {
        await tx
          .insert(signInSources)
          .values({ userId: session.userId, address: session.clientAddress })
          .onConflictDoUpdate({ target: [signInSources.userId, signInSources.address], set: { lastSignInAt: sql`now()` } });
      }
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

    /**
     * The principal behind a session id, or null when the session is unknown, idle too long or past its absolute
     * limit. Every signed-in request asks it first, outside any transaction: the driver runs it directly, without
     * the query builder.
     */
    async resolve(sessionId: string): Promise<Principal | null> {
      const idHash = hashSessionId(sessionId);
      const { rows } = await database.executeSql(PRINCIPAL_SQL, [idHash, timeouts.idleSeconds, touchSeconds], 'keydeck_session_principal');
      return toPrincipal(idHash, (rows[0] as { principal: PrincipalRow | null } | undefined)?.principal ?? null);
    },

    /** The same inside a request's transaction (a sign-in that has just created the session). */
    async principalOf(tx: Tx, sessionId: string): Promise<Principal | null> {
      const idHash = hashSessionId(sessionId);
      const [row] = await rowsOf<{ principal: PrincipalRow | null }>(tx, sql`select keydeck_session_principal(${idHash}, ${timeouts.idleSeconds}, ${touchSeconds}) as principal`);
      return toPrincipal(idHash, row?.principal ?? null);
    },
  };
}

/**
 * The principal from what keydeck_session_principal answers: that one statement checks the session's timeouts and
 * its user and account, refreshes last-seen when stale, and reads what the principal needs. A change to what a
 * principal holds is a change to that function.
 */
function toPrincipal(sessionHash: string, row: PrincipalRow | null): Principal | null {
  if (!row) return null;
  return {
    sessionHash,
    userId: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    mfaEnforced: row.mfa_enforced,
    mfaEnabled: row.mfa_enabled,
    platformAdmin: row.platform_admin,
    account: principalAccount(row),
    permissions: effectivePermissions(row.platform_admin, row.permissions),
    nextFactor: row.next_factor === 'totp' || row.next_factor === 'u2f' ? row.next_factor : null,
    currentServiceId: row.current_service_id,
  };
}

type PrincipalRow = PrincipalAccountColumns & {
  user_id: string;
  username: string;
  name: string;
  email: string;
  mfa_enforced: boolean;
  mfa_enabled: boolean;
  platform_admin: boolean;
  next_factor: string | null;
  current_service_id: string | null;
  permissions: string[];
};

export type SessionStore = ReturnType<typeof createSessionStore>;
