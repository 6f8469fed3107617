import { Messages } from '@keydeck/contract/messages';
import { passwordsApi } from '@keydeck/contract/passwords.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { unauthorized } from '../../platform/errors.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { passwordReentryThrottle, userNamed } from '../auth/auth.service.ts';
import * as passwords from './passwords.service.ts';

/** The user already holds as many live reset links as allowed: nothing was mailed (the caller is not told). */
const resetThrottled = preparedValue<boolean>();

/**
 * Spec §7: POST user/password/reset and PUT service/user, and the two calls behind the mailed link
 * (/forgot/verify, /forgot/reset). Tokens travel in bodies, never in a URL the server would log.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = deps;

  routes.route({
    ...declared(passwordsApi.requestPasswordReset),
    // Looks the user up across tenants before anyone is known, like sign-in.
    config: { public: true, systemScope: true, rateLimit: 'passwordReset' },
    // The answer never tells whether the user exists; the audit trail does.
    audit: {
      action: 'auth.password_reset_request',
      target: ({ body }) => body.username,
      account: async ({ body, tx }) => (await passwords.resetRequester(tx, body))?.accountId ?? null,
      reason: async ({ body, tx, request }) =>
        (await passwords.resetRequester(tx, body)) ? (resetThrottled.of(request) ? 'links_per_user' : undefined) : 'no_such_user',
    },
    handler: async (request) => {
      const { mail, throttled } = await passwords.requestReset(request.tx, request.body, mailer.publicUrl);
      resetThrottled.set(request, throttled);
      if (mail) mailAfterCommit(request, mailer, mail);
      return { message: Messages.passwordResetRequested };
    },
  });

  routes.route({
    ...declared(passwordsApi.verifyPasswordToken),
    // Not rate-limited: a 256-bit token cannot be guessed, and one visitor verifies and uses it several times.
    config: { public: true, systemScope: true },
    audit: { action: 'auth.password_token_verify' },
    handler: async (request) => passwords.verifyToken(request.tx, request.body.token),
  });

  routes.route({
    ...declared(passwordsApi.setPasswordWithToken),
    config: { public: true, systemScope: true },
    // The mailed link proved who is acting: that user, on their account.
    audit: {
      action: 'auth.password_set',
      before: async ({ body, tx }) => ({ purpose: await passwords.linkPurpose(tx, body.token) }),
      target: ({ result }) => result?.username,
      reason: ({ before }) => before.purpose,
      actor: async ({ result, tx }) => result && { id: (await userNamed(tx, result.username))?.id, username: result.username },
      account: async ({ result, tx }) => result && (await userNamed(tx, result.username))?.accountId,
    },
    handler: async (request) => {
      const { user } = await passwords.setPasswordWithToken(request.tx, request.body.token, request.body.password);
      return { password_set: true as const, username: user.username };
    },
  });

  routes.route({
    ...declared(passwordsApi.changeOwnPassword),
    preHandler: passwordReentryThrottle(deps),
    // Every signed-in user may change their own password, whatever their roles; the handler requires the session.
    // Rate-limited like sign-in: the current password must not be guessable through this route either.
    config: { public: true, rateLimit: 'login' },
    audit: { action: 'auth.password_change', target: ({ request }) => request.principal?.username },
    handler: async (request) => {
      const principal = request.principal;
      if (!principal || principal.nextFactor) throw unauthorized();
      await passwords.changeOwnPassword(request.tx, principal, request.body);
      return { password_changed: true as const };
    },
  });
}
