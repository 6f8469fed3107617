import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import { signInSources } from '../db/schema/platform.ts';
import { sessions } from '../db/schema/sessions.ts';
import type { ServiceSessionRow, ServiceSessionWanted } from './service-access.ts';
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

/**
 * The same and, in the same statement, the caller's service session (keydeck_service_session, migration 0042) on the
 * service wanted ($4), else on the session's current service: a service data call starts with one round trip, not
 * two. The principal is read first, once (a volatile subquery is not flattened); no principal, no service session.
 */
const PRINCIPAL_WITH_SERVICE_SQL = `select p.principal, case when p.principal is not null then
    keydeck_service_session($1, coalesce($4::uuid, (p.principal ->> 'current_service_id')::uuid), $5::uuid, $6) end as service_session
  from (select keydeck_session_principal($1, $2, $3) as principal) p`;

/** The service session a call wants read with its principal (service-access.ts), and the service idle timeout. */
export type ServiceSessionLookup = { wanted: ServiceSessionWanted; idleSeconds: number };

export type ResolvedSession = { principal: Principal | null; serviceSession: ServiceSessionRow | null };

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
     * limit; with a service lookup, also the caller's service session there. Every signed-in request asks it first,
     * outside any transaction, in one statement: the driver runs it directly, without the query builder.
     */
    async resolve(sessionId: string, service?: ServiceSessionLookup): Promise<ResolvedSession> {
      const idHash = hashSessionId(sessionId);
      const values = [idHash, timeouts.idleSeconds, touchSeconds];
      const { rows } = service
        ? await database.executeSql(PRINCIPAL_WITH_SERVICE_SQL, [...values, service.wanted.serviceId, service.wanted.tokenSessionId, service.idleSeconds])
        : await database.executeSql(PRINCIPAL_SQL, values);
      const row = rows[0] as { principal: PrincipalRow | null; service_session?: ServiceSessionRow | null } | undefined;
      return { principal: toPrincipal(idHash, row?.principal ?? null), serviceSession: row?.service_session ?? null };
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
