import { authInfoResponse, loginRequest, logoutResponse } from '@keydeck/contract/auth';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { ipRefused, unauthorized } from '../../platform/errors.ts';
import { endSession, startSession } from '../../platform/request-pipeline.ts';
import { flowRefused } from '../allowed-flows/allowed-flows.service.ts';
import { countSignInAttempt, toAuthInfo, verifyCredentials, type SignInAttempt } from './auth.service.ts';

/** Spec §7, session and login. */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const attempts = new WeakMap<FastifyRequest, SignInAttempt>();
  const policy = { maxFailures: deps.config.login.maxFailures, lockSeconds: deps.config.login.lockSeconds };

  routes.get(ApiPath.login, {
    schema: { operationId: 'getSession', response: { 200: authInfoResponse } },
    // Answered from the principal the pipeline resolved: no second transaction on the hottest route.
    config: { public: true, withoutTransaction: true },
    handler: async (request) => {
      if (!request.principal) throw unauthorized();
      return { auth_info: toAuthInfo(request.principal) };
    },
  });

  routes.post(ApiPath.login, {
    schema: { operationId: 'login', body: loginRequest, response: { 200: authInfoResponse } },
    config: { public: true, audit: 'auth.login', systemScope: true, rateLimit: 'login' },
    preHandler: async (request) => {
      attempts.set(request, await countSignInAttempt(deps.db, request.body.username, policy));
    },
    handler: async (request, reply) => {
      const { username } = request.body;
      const result = await verifyCredentials(request.tx, request.body, attempts.get(request)!, request.ip);
      request.auditDetails = { target: username, actorUsername: username, accountId: result.accountId };
      if (!result.ok && result.reason === 'ip_not_allowed') throw ipRefused(request.ip);
      if (!result.ok && result.reason === 'password_flow_not_allowed') throw flowRefused('password');
      if (!result.ok) throw unauthorized(result.reason, Messages.invalidCredentials);

      const sessionId = await startSession(request, reply, { sessions: deps.sessions, session: deps.config.session }, {
        userId: result.userId,
        accountId: result.accountId,
        nextFactor: result.nextFactor,
      });
      const principal = (await deps.sessions.principalOf(request.tx, sessionId))!;
      request.auditDetails.actorUserId = result.userId;
      return { auth_info: toAuthInfo(principal) };
    },
  });

  routes.post(ApiPath.logout, {
    schema: { operationId: 'logout', response: { 200: logoutResponse } },
    config: { public: true, audit: 'auth.logout', systemScope: true, anyAddress: true },
    handler: async (request, reply) => {
      await endSession(request, reply, deps.sessions);
      return { logged_out: true as const };
    },
  });
}
