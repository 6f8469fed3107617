import type { RouteOptions } from 'fastify';
import type { PermissionName } from '@keydeck/contract/permissions';
import type { Tx } from '../db/database.ts';
import type { Principal } from './principal.ts';
import type { ServiceAccess, ServiceAccessRule } from './service-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a caller needs; every /rest/api route declares this or `public`. */
    permission?: PermissionName;
    /** Open to anyone, signed in or not. */
    public?: true;
    /** Open to every fully signed-in user, whatever their permissions (their own settings). */
    signedIn?: true;
    /** Open only to a session that still owes its second factor (the second-factor step of sign-in). */
    partialSession?: true;
    /** Stays open to a user whom forced MFA keeps out of everything else until they enrol a factor. */
    duringMfaSetup?: true;
    /** Audit action written for every call of a state-changing route, success or refusal. */
    audit?: string;
    /** The handler works across tenants before anyone is known (sign-in): its transaction bypasses row-level security. */
    systemScope?: true;
    /** The handler needs no database transaction (health probes must answer while the database is down). */
    withoutTransaction?: true;
    /** Callable from any address even when the caller's account enforces an IP allowlist (sign-out). */
    anyAddress?: true;
    /** Per-client-address limit, in requests per minute, named by the limiter's key. */
    rateLimit?: 'login' | 'passwordReset' | 'registration';
    /** A service data route: needs a live service session and, when named, a permission category of the service user group. */
    serviceAccess?: ServiceAccessRule;
  }

  interface FastifyInstance {
    /** Every route as declared, for the route-table checks and the API documentation. */
    routeCatalog: RouteOptions[];
  }

  interface FastifyRequest {
    /** Who is calling: null for visitors without a live session. */
    principal: Principal | null;
    /** Raw session id from the cookie, when it names a live session. */
    sessionId: string | null;
    /** The caller's service session, on routes that declare serviceAccess. */
    serviceAccess: ServiceAccess;
    /** The request's transaction, open while its handler runs. */
    tx: Tx;
    /** Work that must run only once the request's transaction has committed (mail); see mailAfterCommit. */
    afterCommit: (() => Promise<void>)[];
    /** Details handlers add to the request's audit event. */
    auditDetails: {
      accountId?: string | null;
      actorUserId?: string;
      actorUsername?: string;
      target?: string;
      reason?: string;
    };
  }
}
