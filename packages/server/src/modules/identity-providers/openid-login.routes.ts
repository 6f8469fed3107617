import { openidLoginApi } from '@keydeck/contract/openid-login.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { refusalsConcern } from '../../platform/audit.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { ipRefused } from '../../platform/errors.ts';
import { addressAllowed } from '../../platform/ip-ranges.ts';
import { startSession } from '../../platform/request-pipeline.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { toAuthInfo } from '../auth/auth.service.ts';
import * as openid from './openid-login.service.ts';

/** Where the provider sends the browser back: the console's /login/openid/complete page (spec §2). */
const COMPLETE_PAGE = '/login/openid/complete';

/**
 * Spec §7, sign-in with an account's OpenID Connect provider. The network calls to the provider run before the
 * request's transaction opens (preHandler); the handlers only write state or start the session.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // What each route's preHandler learnt from the provider (null until it has).
  const started = preparedValue<(openid.PreparedSignIn & { provider: openid.Provider }) | null>();
  const proven = preparedValue<openid.ProvenIdentity | null>();
  const redirectUri = (request: FastifyRequest) => new URL(COMPLETE_PAGE, deps.config.publicUrl ?? `${request.protocol}://${request.host}`).href;

  // An unknown slug answers an empty list, like an account without providers: slugs cannot be probed.
  routes.route({
    ...declared(openidLoginApi.listOpenidProviders),
    config: { public: true, systemScope: true },
    handler: (request) => openid.signInOptions(request.tx, request.query.account_slug),
  });

  routes.route({
    ...declared(openidLoginApi.openidLoginStart),
    config: { public: true, systemScope: true, rateLimit: 'login' },
    audit: {
      action: 'auth.openid.start',
      account: ({ request }) => started.of(request)?.provider.accountId,
      target: ({ request }) => started.of(request)?.provider.name,
    },
    preHandler: async (request) => {
      const continueUri = openid.continuePath(request.body.continue_uri);
      const provider = await openid.usableProvider(deps.db, request.body.openid_provider_id);
      const prepared = await refusalsConcern(openid.concernOf(provider), () => openid.prepareSignIn(deps, provider, redirectUri(request), continueUri));
      started.set(request, { ...prepared, provider });
    },
    handler: async (request) => {
      const prepared = started.of(request)!;
      await openid.rememberSignIn(request.tx, prepared);
      return { location: prepared.location.href };
    },
  });

  routes.route({
    ...declared(openidLoginApi.openidLoginComplete),
    config: { public: true, systemScope: true, rateLimit: 'login' },
    audit: {
      action: 'auth.openid.login',
      account: ({ request }) => proven.of(request)?.accountId,
      target: ({ request }) => {
        const identity = proven.of(request);
        return identity ? `${identity.providerName}: ${identity.claim}=${identity.value}` : undefined;
      },
    },
    preHandler: async (request) => {
      proven.set(request, await openid.proveIdentity(deps.db, deps, request.query));
    },
    handler: async (request, reply) => {
      const identity = proven.of(request)!;
      const user = await openid.matchUser(request.tx, identity);
      const principal = await startSession(request, reply, { sessions: deps.sessions, session: deps.config.session }, { userId: user.id, accountId: user.accountId, nextFactor: null });
      // Thrown after the session was written: the request's transaction rolls it back.
      if (!addressAllowed(request.ip, principal.account.allowedRanges)) throw ipRefused(request.ip);
      return { auth_info: toAuthInfo(principal), continue_uri: identity.continueUri };
    },
  });
}
