import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ResolveFastifyReplyType } from 'fastify/types/type-provider.js';
import type { PermissionName } from '@keydeck/contract/permissions';
import type { Tx } from '../db/database.ts';
import type { AuditAction } from '@keydeck/contract/audit-action';
import type { AuditBefore, AuditDeclaration } from './audit-declaration.ts';
import type { Principal } from './principal.ts';
import type { ServiceAccess, ServiceAccessRule } from './service-access.ts';
import type { Approved } from './approval-gate.ts';

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
    /** The route's `audit` declaration with its action, put here by the request pipeline for the hooks and the error handler. */
    audit?: AuditDeclaration & { action: AuditAction };
    /** The handler works across tenants before anyone is known (sign-in): its transaction bypasses row-level security. */
    systemScope?: true;
    /**
     * A GET that only reads, where data a moment old is acceptable (a list, an export): its transaction runs on
     * DATABASE_READ_URL's standby when there is one. Who calls and what they may do are still read from the primary
     * (before the transaction); never on a route that writes or is audited (the pipeline refuses that at start).
     */
    staleReads?: true;
    /** The handler needs no database transaction (health probes must answer while the database is down). */
    withoutTransaction?: true;
    /** The caller proves who they are in the request itself, never with cookies (the OAuth token endpoint): no anti-forgery token. */
    withoutAntiForgery?: true;
    /** Refusals answer in RFC 6749 §5.2's shape ({error, error_description}), for OAuth clients, not the console's envelope. */
    oauthErrors?: true;
    /** Callable from any address even when the caller's account enforces an IP allowlist (sign-out). */
    anyAddress?: true;
    /** Per-client-address limit, in requests per minute, named by the limiter's key. */
    rateLimit?: 'login' | 'passwordReset' | 'registration' | 'token';
    /** A service data route: needs a live service session and, when named, a permission category of the service user group. */
    serviceAccess?: ServiceAccessRule;
  }

  interface FastifyInstance {
    /** Every route as declared, for the route-table checks and the API documentation. */
    routeCatalog: RouteOptions[];
    /** The key of the audit chain's links (platform/audit-key.ts). */
    auditKey: Uint8Array;
    /** From now on /readyz answers 503, so load balancers send no new requests; the server still serves (health). */
    stopBeingReady(): void;
  }

  interface FastifyRequest {
    /** The approval request a call carries out (Approval-Request header), checked by the gate; null otherwise. */
    approved: Approved | null;
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
    /**
     * What the route's preHandler did before the request's transaction opened, for its handler: work that
     * must not hold a transaction open (a network call) or must outlive its rollback (a counted attempt).
     */
    prepared: unknown;
    /** The input passed validation, so the route's audit declaration may read it. */
    inputValidated: boolean;
    /** What the route's audit declaration read just before its handler ran. */
    auditBefore: AuditBefore | null;
  }

  /**
   * Every state-changing route declares its audit event beside its schema (not in `config`, which Fastify's
   * types cannot tie to the schema): its facts read the validated params, body, query and result.
   */
  interface RouteShorthandOptions<
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    // Merged declarations must repeat Fastify's type parameters exactly, this unused one included.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    RawReply extends RawReplyDefaultExpression<RawServer> = RawReplyDefaultExpression<RawServer>,
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    ContextConfig = ContextConfigDefault,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
  > {
    audit?: AuditDeclaration<
      Input<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig, Logger>['params'],
      Input<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig, Logger>['body'],
      Input<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig, Logger>['query'],
      ResolveFastifyReplyType<TypeProvider, NoInfer<SchemaCompiler>, RouteGeneric>
    >;
  }
}

type Input<RouteGeneric extends RouteGenericInterface, RawServer extends RawServerBase, RawRequest extends RawRequestDefaultExpression<RawServer>, SchemaCompiler extends FastifySchema, TypeProvider extends FastifyTypeProvider, ContextConfig, Logger extends FastifyBaseLogger> =
  FastifyRequest<RouteGeneric, RawServer, RawRequest, NoInfer<SchemaCompiler>, TypeProvider, ContextConfig, Logger>;
