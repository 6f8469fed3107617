import { APPROVAL_HEADER } from '@keydeck/contract/approvals';
import type { AuditAction } from '@keydeck/contract/audit-action';
import type { EndpointSpec } from '@keydeck/contract/endpoint';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import { ANONYMOUS_BINDING, type AntiForgery } from './anti-forgery.ts';
import { credentialPrincipal } from './credential-principal.ts';
import { isCredentialToken, type CredentialTokens } from './credential-tokens.ts';
import { isOAuthAccessToken, oauthPrincipal } from './oauth-principal.ts';
import type { ApprovalGate } from './approval-gate.ts';
import type { AuditDeclaration } from './audit-declaration.ts';
import { writeCallerAuditEvent, writeRequestAuditEvent } from './audit.ts';
import { forbidden, ipRefused, mfaSetupRequired, tooManyRequests, unauthorized } from './errors.ts';
import { mustSetUpMfa, type Principal } from './principal.ts';
import { hitRateLimit } from './rate-limit.ts';
import { addressAllowed } from './ip-ranges.ts';
import { checkServiceAccess, delegateServiceWanted, serviceSessionWanted, slideServiceSession, type ServiceSessionWanted } from './service-access.ts';
import { delegateServiceSession } from './delegate-service-session.ts';
import type { ServiceTokens } from './service-tokens.ts';
import type { ResolvedSession, SessionStore } from './session-store.ts';
import { rateLimited } from './metrics.ts';
import { logAccount } from './log-fields.ts';
import { NO_TENANT_SCOPE, SYSTEM_SCOPE, accountScope, inScope, type TenantScope } from './tenant-scope.ts';

export type PipelineDeps = {
  db: Db;
  /** Where staleReads routes' transactions run (Database.readDb). */
  readDb: Db;
  sessions: SessionStore;
  antiForgery: AntiForgery;
  session: { absoluteSeconds: number };
  loginRatePerMinute: number;
  passwordResetRatePerMinute: number;
  registrationRatePerMinute: number;
  serviceSession: { tokens: ServiceTokens; idleSeconds: number };
  credentialTokens: CredentialTokens;
  approvalGate: ApprovalGate;
};

const API_PREFIX = '/rest/';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every request, in order: who is calling (session) -> anti-forgery check -> permission guard -> input check
 * -> rate limit -> handler in one tenant-scoped transaction together with its audit event. Refusals are audited by the
 * error handler in a transaction of their own, since the request's is rolled back.
 */
export function registerRequestPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('tx', null as never);
  app.decorateRequest('serviceAccess', null as never);
  app.decorateRequest('inputValidated', false);
  app.decorateRequest('auditBefore', null);
  app.decorateRequest('afterCommit', null as never);
  app.decorateRequest('prepared', null);
  app.decorateRequest('approved', null);

  app.addHook('onRequest', async (request) => {
    request.afterCommit = [];
    if (!isApiOrPage(request)) return;
    const config = request.routeOptions.config;
    // An API credential's or OAuth client's call: its token is the only proof, so cookies are ignored and there is
    // nothing to forge.
    const bearer = apiBearer(request);
    const sessionId = bearer === null ? request.cookies[SESSION_COOKIE] : undefined;
    const { principal, wanted, serviceSession } = await identify(deps, request, bearer, sessionId);
    request.principal = principal;
    request.sessionId = principal && sessionId ? sessionId : null;
    if (principal) logAccount(request, principal.account.id);
    // A delegate acts only through permissions, or on service data through its own service session: sign-in,
    // sign-out, MFA and password routes are for people.
    if (bearer !== null && !config?.permission && !config?.serviceAccess) throw unauthorized('bearer_not_allowed');

    if (bearer === null && !SAFE_METHODS.has(request.method) && !config?.withoutAntiForgery) {
      const header = request.headers[CSRF_HEADER.toLowerCase()];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || header !== cookie || !deps.antiForgery.isValid(header, bindingOf(request))) {
        throw forbidden('anti_forgery', Messages.csrfRejected);
      }
    }

    if (principal && !config?.anyAddress && !addressAllowed(request.ip, principal.account.allowedRanges)) {
      throw ipRefused(request.ip);
    }
    const fullyLoggedIn = principal !== null && principal.nextFactor === null;
    if ((config?.permission || config?.signedIn) && !fullyLoggedIn) throw unauthorized();
    if (config?.partialSession && !principal?.nextFactor) throw unauthorized();
    // Forced MFA: until the user has a factor, only sign-in, sign-out and enrolment stay open to them.
    if (fullyLoggedIn && mustSetUpMfa(principal) && isApi(request) && !config?.public && !config?.duringMfaSetup) {
      throw mfaSetupRequired();
    }
    if (config?.permission && !principal!.permissions.includes(config.permission)) {
      throw forbidden(`missing_permission:${config.permission}`);
    }
    // Service data: a live service session and the group's permission category, checked before the input is.
    if (config?.serviceAccess) {
      request.serviceAccess = checkServiceAccess(request, config.serviceAccess, wanted, serviceSession);
      await slideServiceSession(deps.db, serviceSession!, deps.serviceSession.idleSeconds);
    }
  });

  // Registered before every route's own preHandler: from here on the input is valid, for the audit declaration.
  app.addHook('preHandler', async (request) => {
    request.inputValidated = true;
    // Counted once the input is valid, so a refusal's audit event names what was tried (the username).
    const limit = request.routeOptions.config?.rateLimit;
    if (limit) {
      const perMinute = {
        login: deps.loginRatePerMinute,
        passwordReset: deps.passwordResetRatePerMinute,
        registration: deps.registrationRatePerMinute,
        // Token requests are sign-ins of scripts: the same limit per address.
        token: deps.loginRatePerMinute,
      }[limit];
      const wait = await hitRateLimit(deps.db, `${limit}:${request.ip}`, perMinute);
      if (wait !== null) {
        rateLimited.inc({ limit });
        throw tooManyRequests(wait);
      }
    }
  });

  // A visitor gets a token on their first response, and a fresh one whenever the session it was bound to changed.
  app.addHook('onSend', async (request, reply) => {
    // API answers are per caller and may hold secrets: no browser or proxy keeps them.
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
    // A bearer call never uses cookies: it gets none, even when refused.
    if (!isApiOrPage(request) || apiBearer(request) !== null) return;
    // A failed answer (the database down) may not have learnt the caller's session: its anonymous token would
    // replace a signed-in browser's good one, and the first write after recovery would be refused.
    if (reply.statusCode >= 500) return;
    const binding = bindingOf(request);
    if (!deps.antiForgery.isValid(request.cookies[CSRF_COOKIE], binding)) {
      reply.setCookie(CSRF_COOKIE, deps.antiForgery.issue(binding), {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        httpOnly: false, // the web client reads it to echo it in the header
      });
    }
  });

  app.decorate('routeCatalog', [] as RouteOptions[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    app.routeCatalog.push(route);
    if (route.audit) route.config = { ...route.config, audit: withAction(route, route.audit) };
    const handler = route.handler;
    const config = route.config;
    const approval = (route.schema as { 'x-approval'?: EndpointSpec['approval'] } | undefined)?.['x-approval'];
    if (!route.url.startsWith(API_PREFIX) || config?.withoutTransaction) return;
    if (config?.staleReads && (!['GET', 'HEAD'].includes(String(route.method)) || config.audit || approval)) throw new Error(`${route.url}: only a GET that is neither audited nor approved reads stale data`);
    const db = config?.staleReads ? deps.readDb : deps.db;
    route.handler = async function transactional(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const result = await inScope(db, scopeOf(request, config?.systemScope === true), async (tx) => {
        request.tx = tx;
        const { params, body, query } = request;
        request.auditBefore = (await config?.audit?.before?.({ params, body, query, request, tx })) ?? null;
        const gated = approval ? await gateOf(deps.approvalGate, request, approval) : null;
        if (gated && 'pending' in gated) {
          reply.status(202);
          const { label, service, id } = gated.pending.approval_request;
          await writeCallerAuditEvent(tx, request, 'approval.request', `${service ? `${service}: ` : ''}${label} (request ${id})`);
          return gated.pending;
        }
        request.approved = gated?.approved ?? null;
        const result = await handler.call(this, request, reply);
        // A reply sent from inside the transaction would reach the client before the change is committed.
        if (reply.sent && config?.audit) throw new Error(`${route.url}: return the body instead of sending it`);
        if (config?.audit) await writeRequestAuditEvent(tx, request, config.audit.action, { outcome: 'success', result });
        return result;
      });
      // Committed: side effects outside the database (mail) may go now, without holding up the answer.
      for (const task of request.afterCommit) void task();
      return result;
    };
  });
}

/** Asks the approvals gate about a call to an operation that can need approval; inputs `when` leaves out pass. */
function gateOf(gate: ApprovalGate, request: FastifyRequest, approval: NonNullable<EndpointSpec['approval']>) {
  if (!request.principal || (approval.when && !approval.when({ body: request.body }))) return null;
  const header = request.headers[APPROVAL_HEADER.toLowerCase()];
  return gate({
    request,
    tx: request.tx,
    principal: request.principal,
    operation: approval.operation,
    service: request.serviceAccess ? { id: request.serviceAccess.serviceId, name: request.serviceAccess.serviceName } : null,
    call: { method: request.method, path: request.url.split('?')[0]!, query: (request.query ?? {}) as Record<string, unknown>, body: request.body ?? null },
    requestId: typeof header === 'string' ? header : undefined,
  });
}

/**
 * Starts a session for a user who has just proven who they are, replacing any previous one (no fixation); from
 * here on they are the request's caller, also for its audit event.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<PipelineDeps, 'sessions' | 'session'>,
  user: { userId: string; accountId: string; nextFactor: string | null },
): Promise<Principal> {
  if (request.principal) await deps.sessions.destroy(request.tx, request.principal.sessionHash);
  const sessionId = await deps.sessions.create(request.tx, {
    ...user,
    clientAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
  });
  request.sessionId = sessionId;
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: deps.session.absoluteSeconds,
  });
  request.principal = (await deps.sessions.principalOf(request.tx, sessionId))!;
  return request.principal;
}

/** Ends the caller's session server-side and drops the cookie; the principal stays on the request for its audit event. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, sessions: SessionStore): Promise<void> {
  if (request.principal) await sessions.destroy(request.tx, request.principal.sessionHash);
  request.sessionId = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** API calls and the console's page itself; static assets and health probes need no session. */
function isApiOrPage(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url === undefined || url.startsWith(API_PREFIX);
}

function isApi(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(API_PREFIX) === true;
}

type ApiBearer = { kind: 'credential' | 'oauth'; token: string };

/** The bearer token of an API credential's or OAuth client's call, or null (no bearer token, or a service session's). */
function apiBearer(request: FastifyRequest): ApiBearer | null {
  if (!isApi(request)) return null;
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return null;
  if (isCredentialToken(token)) return { kind: 'credential', token };
  return isOAuthAccessToken(token) ? { kind: 'oauth', token } : null;
}

/**
 * The delegate's principal, or 401 when its token is forged, expired or revoked (or the credential is); 403 from an
 * address the credential does not allow.
 */
async function bearerPrincipal(deps: PipelineDeps, request: FastifyRequest, bearer: ApiBearer): Promise<Principal> {
  if (bearer.kind === 'oauth') {
    const principal = await oauthPrincipal(deps.db, bearer.token);
    if (!principal) throw unauthorized('invalid_token');
    return principal;
  }
  const credentialId = await deps.credentialTokens.verify(bearer.token);
  const found = credentialId ? await credentialPrincipal(deps.db, credentialId, request.ip) : null;
  if (!found) throw unauthorized('invalid_token');
  if (!found.addressAllowed) throw ipRefused(request.ip);
  return found.principal;
}

type Caller = ResolvedSession & { wanted: ServiceSessionWanted | null };

/**
 * Who is calling: the delegate behind a bearer token (and, for a service data call, its own service session, read
 * next), else the principal behind the session cookie and, for a service data call, the service session it wants,
 * read in the same statement (unless the call is refused already).
 */
async function identify(deps: PipelineDeps, request: FastifyRequest, bearer: ApiBearer | null, sessionId: string | undefined): Promise<Caller> {
  const rule = request.routeOptions.config?.serviceAccess;
  if (bearer !== null) {
    const principal = await bearerPrincipal(deps, request, bearer);
    if (!rule) return { principal, wanted: null, serviceSession: null };
    const wanted = delegateServiceWanted(request, rule);
    const serviceSession = wanted.refusal ? null : await delegateServiceSession(deps.db, principal, wanted.serviceId, deps.serviceSession.idleSeconds);
    return { principal, wanted, serviceSession };
  }
  if (!sessionId) return { principal: null, wanted: null, serviceSession: null };
  const wanted = rule ? await serviceSessionWanted(request, rule, deps.serviceSession.tokens) : null;
  const lookup = wanted && !wanted.refusal ? { wanted, idleSeconds: deps.serviceSession.idleSeconds } : undefined;
  return { wanted, ...(await deps.sessions.resolve(sessionId, lookup)) };
}

/** The anti-forgery token's binding: the session's hash (read with the principal, not hashed again), else anonymous. */
function bindingOf(request: FastifyRequest): string {
  return request.sessionId && request.principal ? request.principal.sessionHash : ANONYMOUS_BINDING;
}

function scopeOf(request: FastifyRequest, systemScope: boolean): TenantScope {
  if (systemScope) return SYSTEM_SCOPE;
  const principal = request.principal;
  if (!principal) return NO_TENANT_SCOPE;
  return principal.platformAdmin ? { accountId: principal.account.id, bypass: true } : accountScope(principal.account.id);
}

/** A route's audit declaration with its action: its own or its endpoint declaration's, named in exactly one of them. */
function withAction(route: RouteOptions, audit: AuditDeclaration): AuditDeclaration & { action: AuditAction } {
  const declared = (route.schema as { 'x-audit-action'?: AuditAction } | undefined)?.['x-audit-action'];
  const action = audit.action ?? declared;
  if (!action || (audit.action && declared)) throw new Error(`${route.url}: name the audit action in the endpoint declaration or in the route, once`);
  return { ...audit, action };
}
