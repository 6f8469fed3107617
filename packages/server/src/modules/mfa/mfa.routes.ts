import { authInfoResponse } from '@keydeck/contract/auth';
import { ApiPath } from '@keydeck/contract/http';
import {
  mfaStatusResponse,
  passwordConfirmRequest,
  recoveryCodesResponse,
  totpCompleteRequest,
  totpConfirmRequest,
  totpConfirmResponse,
  totpDisableResponse,
  totpEnrolmentResponse,
  userMfaResetBody,
  userMfaResetParams,
  userMfaResetResponse,
} from '@keydeck/contract/mfa';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { targetAccount } from '../../platform/account-access.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { unauthorized } from '../../platform/errors.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { startSession } from '../../platform/request-pipeline.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { toAuthInfo } from '../auth/auth.service.ts';
import { passwordReentryThrottle } from '../auth/password-reentry.ts';
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
  const me = (request: FastifyRequest) => request.principal!;
  const passwordReentry = passwordReentryThrottle(deps);

  routes.get(ApiPath.mfa, {
    schema: { operationId: 'getMfaStatus', response: { 200: mfaStatusResponse } },
    config: { signedIn: true, duringMfaSetup: true },
    handler: async (request) => ({ mfa: await mfa.statusOf(request.tx, me(request).userId) }),
  });

  routes.post(ApiPath.totpEnrolBegin, {
    schema: { operationId: 'beginTotpEnrolment', response: { 200: totpEnrolmentResponse } },
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.totp_enrol_begin' },
    handler: async (request) => ({ enrolment: await mfa.beginEnrolment(request.tx, deps.secretBox, me(request)) }),
  });

  routes.post(ApiPath.totpEnrolConfirm, {
    schema: { operationId: 'confirmTotpEnrolment', body: totpConfirmRequest, response: { 200: totpConfirmResponse } },
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.totp_enrol' },
    handler: async (request) => {
      const recoveryCodes = await mfa.confirmEnrolment(request.tx, deps.secretBox, me(request), request.body.otp);
      const principal = (await deps.sessions.principalOf(request.tx, request.sessionId!))!;
      return { recovery_codes: recoveryCodes, auth_info: toAuthInfo(principal) };
    },
  });

  routes.delete(ApiPath.totp, {
    schema: { operationId: 'disableTotp', body: passwordConfirmRequest, response: { 200: totpDisableResponse } },
    preHandler: passwordReentry,
    config: { signedIn: true },
    audit: { action: 'mfa.totp_disable' },
    handler: async (request) => {
      await mfa.disableTotp(request.tx, me(request), request.body.password);
      return { mfa: await mfa.statusOf(request.tx, me(request).userId) };
    },
  });

  routes.post(ApiPath.recoveryCodes, {
    schema: { operationId: 'regenerateRecoveryCodes', body: passwordConfirmRequest, response: { 200: recoveryCodesResponse } },
    preHandler: passwordReentry,
    config: { signedIn: true },
    audit: { action: 'mfa.recovery_codes_regenerate' },
    handler: async (request) => ({
      recovery_codes: await mfa.regenerateRecoveryCodes(request.tx, me(request), request.body.password),
    }),
  });

  routes.post(ApiPath.totpAuthenticateComplete, {
    schema: { operationId: 'completeTotp', body: totpCompleteRequest, response: { 200: authInfoResponse } },
    config: { partialSession: true, systemScope: true },
    audit: {
      action: 'auth.totp_complete',
      target: ({ request }) => request.principal?.username,
      also: ({ body }) => (body.recovery_code ? ['mfa.recovery_code_used'] : []),
    },
    preHandler: async (request) => {
      const session = me(request);
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
      const session = me(request);
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

  routes.post(ApiPath.userMfaReset, {
    schema: {
      operationId: 'resetUserMfa',
      params: userMfaResetParams,
      body: userMfaResetBody,
      response: { 200: userMfaResetResponse },
    },
    config: { permission: Permission.usersManage },
    audit: {
      action: 'users.reset_mfa',
      target: async ({ params, result, tx }) => (result && (await mfa.usernameOf(tx, params.user_id))) ?? params.user_id,
      account: namedAccount,
    },
    handler: async (request) => {
      const account = await findAccount(request.tx, targetAccount(me(request), request.body.account_id));
      await mfa.resetUserMfa(request.tx, me(request), account.id, request.params.user_id);
      return { user_id: request.params.user_id, reset: true as const };
    },
  });
}
