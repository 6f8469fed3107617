import { authApi } from '@keydeck/contract/auth.api';
import { Messages } from '@keydeck/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { concerning } from '../../platform/audit.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { ipRefused, signInThrottled, unauthorized } from '../../platform/errors.ts';
import { endSession, startSession } from '../../platform/request-pipeline.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { flowRefused } from '../allowed-flows/allowed-flows.service.ts';
import { countSignInAttempt, toAuthInfo, verifyCredentials, type SignInAttempt } from './auth.service.ts';

/** The sign-in attempt the preHandler counted outside the request's transaction (it must outlive a rollback). */
const signInAttempt = preparedValue<SignInAttempt>();

/** Spec §7, session and login. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const policy = deps.config.login.throttle;

  routes.route({
    ...declared(authApi.getSession),
    // Answered from the principal the pipeline resolved: no second transaction on the hottest route.
    config: { public: true, withoutTransaction: true },
    handler: async (request) => {
      if (!request.principal) throw unauthorized();
      return { auth_info: toAuthInfo(request.principal) };
    },
  });

  routes.route({
    ...declared(authApi.login),
    config: { public: true, systemScope: true, rateLimit: 'login' },
    // Once signed in, the user is the caller; until then the event names the username tried.
    audit: { action: 'auth.login', target: ({ body }) => body.username, actor: ({ body }) => ({ username: body.username }) },
    preHandler: async (request) => {
      signInAttempt.set(request, await countSignInAttempt(deps.db, request.body.username, request.ip, policy));
    },
    handler: async (request, reply) => {
      const result = await verifyCredentials(request.tx, request.body, signInAttempt.of(request), request.ip);
      if (!result.ok) {
        const refusal =
          result.reason === 'ip_not_allowed' ? ipRefused(request.ip)
          : result.reason === 'password_flow_not_allowed' ? flowRefused('password')
          : result.waitSeconds !== undefined ? signInThrottled(result.waitSeconds)
          : unauthorized(result.reason, Messages.invalidCredentials);
        // Recorded in the log of the account the username belongs to.
        throw concerning(refusal, { account: result.accountId });
      }
      const principal = await startSession(request, reply, { sessions: deps.sessions, session: deps.config.session }, {
        userId: result.userId,
        accountId: result.accountId,
        nextFactor: result.nextFactor,
      });
      return { auth_info: toAuthInfo(principal) };
    },
  });

  routes.route({
    ...declared(authApi.logout),
    config: { public: true, systemScope: true, anyAddress: true },
    audit: { action: 'auth.logout' },
    handler: async (request, reply) => {
      await endSession(request, reply, deps.sessions);
      return { logged_out: true as const };
    },
  });
}
