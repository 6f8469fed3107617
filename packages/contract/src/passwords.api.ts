import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  passwordChangeRequest,
  passwordChangeResponse,
  passwordResetRequest,
  passwordResetRequested,
  passwordSetRequest,
  passwordSetResponse,
  passwordTokenInfo,
  passwordTokenVerifyRequest,
} from './passwords.ts';

/**
 * Spec §7: user/password/reset, the two calls behind the mailed link (tokens travel in bodies, never in a URL)
 * and service/user, changing one's own password.
 */
export const passwordsApi = endpoints({ product: 'vip-auth', tag: 'Passwords' }, {
  requestPasswordReset: {
    method: 'POST', path: ApiPath.passwordReset, body: passwordResetRequest, responses: { 200: passwordResetRequested },
    summary: 'Request a password reset',
    description: 'Mails a single-use reset link when the username exists; answers the same either way so usernames cannot be probed.',
  },
  verifyPasswordToken: {
    method: 'POST', path: ApiPath.passwordTokenVerify, body: passwordTokenVerifyRequest, responses: { 200: passwordTokenInfo },
    summary: 'Check a password reset link',
    description: 'Tells whether a mailed reset or invitation token is still valid, before the user types a new password.',
  },
  setPasswordWithToken: {
    method: 'POST', path: ApiPath.passwordTokenUse, body: passwordSetRequest, responses: { 200: passwordSetResponse },
    summary: 'Set a password with a mailed link',
    description: 'Sets a new password (checked against the password policy) using a single-use reset or invitation token.',
  },
  changeOwnPassword: {
    method: 'PUT', path: ApiPath.ownPassword, body: passwordChangeRequest, responses: { 200: passwordChangeResponse },
    summary: 'Change my password',
    description: 'Changes the signed-in user\'s console password after checking the current one; needs a full session and is rate-limited like sign-in.',
  },
});
