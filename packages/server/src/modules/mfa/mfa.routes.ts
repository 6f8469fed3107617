import { mfaApi } from '@keydeck/contract/mfa.api';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { unauthorized } from '../../platform/errors.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { startSession } from '../../platform/request-pipeline.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { passwordReentryThrottle, toAuthInfo } from '../auth/auth.service.ts';
import * as mfa from './mfa.service.ts';
import * as keys from './security-keys.service.ts';

/** The code attempt the preHandler reserved outside the request's transaction (it must outlive a rollback). */
const otpAttempt = preparedValue<mfa.OtpAttempt>();

/**
 * Second factors: the user's own authenticator app and recovery codes, the TOTP step of sign-in (spec §7
 * totp/authenticate/complete) and the administrators' reset. The enrolment routes stay open under forced
 * MFA (duringMfaSetup), since enrolling is what that user must do.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const passwordReentry = passwordReentryThrottle(deps);

  routes.route({
    ...declared(mfaApi.getMfaStatus),
    config: { signedIn: true, duringMfaSetup: true },
    handler: async (request) => ({ mfa: await mfa.statusOf(request.tx, principalOf(request).userId) }),
  });

  routes.route({
    ...declared(mfaApi.beginTotpEnrolment),
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.totp_enrol_begin' },
    handler: async (request) => ({ enrolment: await mfa.beginEnrolment(request.tx, deps.secretBox, principalOf(request)) }),
  });

  routes.route({
    ...declared(mfaApi.confirmTotpEnrolment),
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.totp_enrol' },
    handler: async (request) => {
      const recoveryCodes = await mfa.confirmEnrolment(request.tx, deps.secretBox, principalOf(request), request.body.otp);
      const principal = (await deps.sessions.principalOf(request.tx, request.sessionId!))!;
      return { recovery_codes: recoveryCodes, auth_info: toAuthInfo(principal) };
    },
  });

  routes.route({
    ...declared(mfaApi.disableTotp),
    preHandler: passwordReentry,
    config: { signedIn: true },
    audit: { action: 'mfa.totp_disable' },
    handler: async (request) => {
      await mfa.disableTotp(request.tx, principalOf(request), request.body.password);
      return { mfa: await mfa.statusOf(request.tx, principalOf(request).userId) };
    },
  });

  routes.route({
    ...declared(mfaApi.regenerateRecoveryCodes),
    preHandler: passwordReentry,
    config: { signedIn: true },
    audit: { action: 'mfa.recovery_codes_regenerate' },
    handler: async (request) => ({
      recovery_codes: await mfa.regenerateRecoveryCodes(request.tx, principalOf(request), request.body.password),
    }),
  });

  routes.route({
    ...declared(mfaApi.completeTotp),
    config: { partialSession: true, systemScope: true },
    audit: {
      action: 'auth.totp_complete',
      target: ({ request }) => request.principal?.username,
      also: ({ body }) => (body.recovery_code ? ['mfa.recovery_code_used'] : []),
    },
    preHandler: async (request) => {
      const session = principalOf(request);
      const endSession = (tx: Parameters<typeof deps.sessions.destroy>[0]) => deps.sessions.destroy(tx, session.sessionHash);
      // A session owing its security key counts recovery codes (and app codes) against the keys' throttle.
      otpAttempt.set(
        request,
        session.nextFactor === 'u2f'
          ? await keys.reserveAttempt(deps.db, { userId: session.userId, accountId: session.account.id, sessionHash: session.sessionHash }, deps.config.login.lockSeconds, endSession, false)
          : await mfa.reserveOtpAttempt(deps.db, session, deps.config.login.lockSeconds, endSession),
      );
    },
    handler: async (request, reply) => {
      const session = principalOf(request);
      const attempt = otpAttempt.of(request);
      if (!attempt.allowed) throw unauthorized('otp_locked', Messages.otpTooManyFailures);
      const { otp, recovery_code: recoveryCode } = request.body;
      const passed = otp
        ? await mfa.completeWithOtp(request.tx, deps.secretBox, session.userId, otp)
        : await mfa.completeWithRecoveryCode(request.tx, session.userId, recoveryCode!);
      if (!passed && attempt.lockedNow) throw unauthorized('otp_locked_now', Messages.otpTooManyFailures);
      if (!passed) throw unauthorized('invalid_otp', otp ? Messages.otpInvalid : Messages.recoveryCodeInvalid);
      if (recoveryCode) mailAfterCommit(request, deps.mailer, await mfa.recoveryCodeUsedMail(request.tx, session));
      // A new session id for the fully signed-in session: the partial one's id is retired (no fixation).
      const principal = await startSession(request, reply, { sessions: deps.sessions, session: deps.config.session }, {
        userId: session.userId,
        accountId: session.account.id,
        nextFactor: null,
      });
      return { auth_info: toAuthInfo(principal) };
    },
  });

  routes.route({
    ...declared(mfaApi.resetUserMfa),
    config: { permission: Permission.usersManage },
    audit: {
      action: 'users.reset_mfa',
      target: async ({ params, result, tx }) => ({ id: params.user_id, name: result && (await mfa.usernameOf(tx, params.user_id)) }),
      account: namedAccount,
    },
    handler: async (request) => {
      const account = await findAccount(request.tx, targetAccount(principalOf(request), request.body.account_id));
      await mfa.resetUserMfa(request.tx, principalOf(request), account.id, request.params.user_id);
      return { user_id: request.params.user_id, reset: true as const };
    },
  });
}
