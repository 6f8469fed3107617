import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import {
  passwordChangeRequest,
  passwordChangeResponse,
  passwordResetRequest,
  passwordResetRequested,
  passwordSetRequest,
  passwordSetResponse,
  passwordTokenInfo,
  passwordTokenVerifyRequest,
} from '@keydeck/contract/passwords';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { unauthorized } from '../../platform/errors.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { passwordReentryThrottle } from '../auth/password-reentry.ts';
import * as passwords from './passwords.service.ts';

/**
 * Spec §7: POST user/password/reset and PUT service/user, and the two calls behind the mailed link
 * (/forgot/verify, /forgot/reset). Tokens travel in bodies, never in a URL the server would log.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = deps;

  routes.post(ApiPath.passwordReset, {
    schema: { operationId: 'requestPasswordReset', body: passwordResetRequest, response: { 200: passwordResetRequested } },
    // Looks the user up across tenants before anyone is known, like sign-in.
    config: { public: true, audit: 'auth.password_reset_request', systemScope: true, rateLimit: 'passwordReset' },
    handler: async (request) => {
      const { user, mail } = await passwords.requestReset(request.tx, request.body, mailer.publicUrl);
      request.auditDetails = { target: request.body.username, accountId: user?.accountId ?? null };
      if (!user) request.auditDetails.reason = 'no_such_user';
      if (mail) mailAfterCommit(request, mailer, mail);
      return { message: Messages.passwordResetRequested };
    },
  });

  routes.post(ApiPath.passwordTokenVerify, {
    schema: { operationId: 'verifyPasswordToken', body: passwordTokenVerifyRequest, response: { 200: passwordTokenInfo } },
    // Not rate-limited: a 256-bit token cannot be guessed, and one visitor verifies and uses it several times.
    config: { public: true, audit: 'auth.password_token_verify', systemScope: true },
    handler: async (request) => passwords.verifyToken(request.tx, request.body.token),
  });

  routes.post(ApiPath.passwordTokenUse, {
    schema: { operationId: 'setPasswordWithToken', body: passwordSetRequest, response: { 200: passwordSetResponse } },
    config: { public: true, audit: 'auth.password_set', systemScope: true },
    handler: async (request) => {
      const { user, purpose } = await passwords.setPasswordWithToken(request.tx, request.body.token, request.body.password);
      request.auditDetails = { target: user.username, actorUserId: user.id, actorUsername: user.username, accountId: user.accountId, reason: purpose };
      return { password_set: true as const, username: user.username };
    },
  });

  routes.put(ApiPath.ownPassword, {
    schema: { operationId: 'changeOwnPassword', body: passwordChangeRequest, response: { 200: passwordChangeResponse } },
    preHandler: passwordReentryThrottle(deps),
    // Every signed-in user may change their own password, whatever their roles; the handler requires the session.
    // Rate-limited like sign-in: the current password must not be guessable through this route either.
    config: { public: true, audit: 'auth.password_change', rateLimit: 'login' },
    handler: async (request) => {
      const principal = request.principal;
      if (!principal || principal.nextFactor) throw unauthorized();
      request.auditDetails.target = principal.username;
      await passwords.changeOwnPassword(request.tx, principal, request.body);
      return { password_changed: true as const };
    },
  });
}
