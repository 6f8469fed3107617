import { authInfoResponse } from './auth.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
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
} from './mfa.ts';

/** Second factors: the user's own authenticator app and recovery codes, the TOTP step of sign-in, an administrator's reset. */
export const mfaApi = endpoints({ product: 'vip-auth', tag: 'MFA' }, {
  getMfaStatus: {
    method: 'GET', path: ApiPath.mfa, responses: { 200: mfaStatusResponse },
    summary: 'MFA status', description: 'Lists the second factors the signed-in user has enrolled (authenticator app, security keys, recovery codes left).',
  },
  beginTotpEnrolment: {
    method: 'POST', path: ApiPath.totpEnrolBegin, responses: { 200: totpEnrolmentResponse },
    summary: 'Start authenticator app enrolment',
    description: 'Creates a new TOTP secret and returns it with a QR code to scan; it becomes active only once confirmed.',
  },
  confirmTotpEnrolment: {
    method: 'POST', path: ApiPath.totpEnrolConfirm, body: totpConfirmRequest, responses: { 200: totpConfirmResponse },
    summary: 'Confirm authenticator app enrolment',
    description: 'Activates the pending TOTP secret when the code from the app matches, and returns recovery codes.',
  },
  disableTotp: {
    method: 'DELETE', path: ApiPath.totp, body: passwordConfirmRequest, responses: { 200: totpDisableResponse },
    summary: 'Remove the authenticator app', description: 'Removes the signed-in user\'s TOTP factor after re-checking their password.',
  },
  regenerateRecoveryCodes: {
    method: 'POST', path: ApiPath.recoveryCodes, body: passwordConfirmRequest, responses: { 200: recoveryCodesResponse },
    summary: 'Regenerate recovery codes', description: 'Replaces the signed-in user\'s recovery codes with a new set, shown once.',
  },
  completeTotp: {
    method: 'POST', path: ApiPath.totpAuthenticateComplete, body: totpCompleteRequest, responses: { 200: authInfoResponse },
    summary: 'Give the authenticator code at sign-in', description: 'Completes a partial sign-in with a TOTP code or a recovery code.',
  },
  // Filed with the users it concerns.
  resetUserMfa: {
    method: 'POST', path: ApiPath.userMfaReset, params: userMfaResetParams, body: userMfaResetBody, responses: { 200: userMfaResetResponse },
    product: 'identity', tag: 'Users',
    summary: 'Reset a user\'s MFA', description: 'Removes a user\'s second factors so they enrol again.',
  },
});
