import { SESSION_COOKIE } from '@keydeck/contract/http';
import { OAUTH_ISSUER_PATH } from '@keydeck/contract/oauth';
import { oauthApi } from '@keydeck/contract/oauth.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { mustSetUpMfa } from '../../platform/principal.ts';
import { registerAccountPolicy } from './account-policy.routes.ts';
import { createAuthorizationServer, type AuthorizationServer } from './authorization-server.ts';
import * as authorization from './authorization.service.ts';
import { AUTHORIZATION_SERVER_HEADERS } from './response-headers.ts';


/** The authorization request a consent call is about, read before its transaction; then where the browser goes. */
const pendingOf = preparedValue<authorization.Pending>();
const answered = preparedValue<{ location: string; client: authorization.Pending['client'] } | null>();
/** The application a revoked consent was for, for its audit event. */
const revokedOf = preparedValue<{ id: string; name: string } | null>();
/** The answered request's application; for a refusal (an unknown or answered request) nothing was read: its uid. */
const answeredTarget = ({ request, params }: { request: FastifyRequest; params: { uid: string } }) =>
  answered.of(request)?.client ?? params.uid;

/**
 * The authorization server at OAUTH_ISSUER_PATH (discovery, authorize, token, revocation, introspection, JWKS,
 * userinfo), the consent page's calls behind /oauth/authorize, and the consents a user has given.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const server = createAuthorizationServer({
    db: deps.db,
    box: deps.secretBox,
    publicUrl: deps.config.mail.publicUrl,
    cookieKey: deps.oauthCookieKey,
    keyRotationDays: deps.config.oauth.keyRotationDays,
    codeTtlSeconds: deps.config.oauth.codeTtlSeconds,
    behindProxy: deps.config.trustedProxies.length > 0,
  });
  mountAuthorizationServer(app, deps, server);
  registerConsentRoutes(app, deps, server);
  registerAccountPolicy(app);
}

/**
 * oidc-provider answers everything under its path itself (its own parsers, cookies and errors in RFC 6749's
 * shape), so the request reaches it untouched; it learns only who the console is signed in as, for its login check.
 */
function mountAuthorizationServer(app: FastifyInstance, deps: AppDeps, server: AuthorizationServer): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
      url: `${OAUTH_ISSUER_PATH}/*`,
      // Described by its own discovery document (/.well-known/openid-configuration), not the console's API.
      schema: { hide: true },
      handler: async (request, reply) => {
        const sessionId = request.cookies[SESSION_COOKIE];
        const principal = sessionId ? (await deps.sessions.resolve(sessionId)).principal : null;
        const signedIn = principal && principal.nextFactor === null && !mustSetUpMfa(principal);
        const raw = request.raw as typeof request.raw & { keydeckUserId: string | null; originalUrl: string };
        raw.keydeckUserId = signedIn ? principal.userId : null;
        raw.originalUrl = raw.url!;
        raw.url = raw.url!.slice(OAUTH_ISSUER_PATH.length) || '/';
        const handle = (await server.provider()).callback();
        reply.hijack();
        for (const [name, value] of Object.entries(AUTHORIZATION_SERVER_HEADERS)) reply.raw.setHeader(name, value);
        handle(raw, reply.raw);
      },
    });
  });
}

function registerConsentRoutes(app: FastifyInstance, deps: AppDeps, server: AuthorizationServer): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Clients and grants are read across tenants (a partner's client serves users of any account); each query is
  // bounded by the interaction's uid or the signed-in user's id.
  const config = { signedIn: true, systemScope: true } as const;
  // The authorization server's state is written through its own connections: its steps run before the request's
  // transaction opens (an embedded database has one connection, which that transaction would hold).
  const withPending = async (request: { params: { uid: string } } & Parameters<typeof pendingOf.set>[0]) => {
    pendingOf.set(request, await authorization.pending(deps.db, server, request.params.uid, principalOf(request)));
  };
  const answering = (answer: (pending: authorization.Pending, request: FastifyRequest) => Promise<string>) =>
    async (request: FastifyRequest<{ Params: { uid: string } }>) => {
      const pending = await authorization.pending(deps.db, server, request.params.uid, principalOf(request));
      answered.set(request, { location: await answer(pending, request), client: pending.client });
    };

  routes.route({
    ...declared(oauthApi.getOAuthInteraction),
    config,
    preHandler: withPending,
    handler: (request) => ({ data: authorization.describe(pendingOf.of(request), principalOf(request)) }),
  });

  routes.route({
    ...declared(oauthApi.allowOAuthInteraction),
    config,
    audit: { action: 'oauth.consent.allow', target: answeredTarget },
    preHandler: answering((pending, request) => authorization.allow(server, pending, principalOf(request))),
    handler: (request) => ({ location: answered.of(request)!.location }),
  });

  routes.route({
    ...declared(oauthApi.denyOAuthInteraction),
    config,
    audit: { action: 'oauth.consent.deny', target: answeredTarget },
    preHandler: answering((pending) => authorization.deny(pending)),
    handler: (request) => ({ location: answered.of(request)!.location }),
  });

  routes.route({
    ...declared(oauthApi.listOAuthConsents),
    config,
    handler: async (request) => ({ data: await authorization.listConsents(request.tx, server, principalOf(request).userId) }),
  });

  routes.route({
    ...declared(oauthApi.revokeOAuthConsent),
    config,
    audit: { action: 'oauth.consent.revoke', target: ({ request, params }) => revokedOf.of(request) ?? params.grant_id },
    handler: async (request) => {
      const revoked = await authorization.revokeConsent(request.tx, principalOf(request).userId, request.params.grant_id);
      revokedOf.set(request, { id: revoked.clientId, name: revoked.clientName });
      return { deleted: request.params.grant_id };
    },
  });
}
