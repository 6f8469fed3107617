import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import {
  passwordChangeResponse,
  passwordResetRequested,
  passwordSetResponse,
  passwordTokenInfo,
  type PasswordChangeRequest,
  type PasswordResetRequest,
  type PasswordSetRequest,
} from '@keydeck/contract/passwords';
import { apiRequest } from '../../../lib/api-client';

/** Public calls: ignoreAuth keeps a 401 from counting as a lost session. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      apiRequest(ApiPath.passwordReset, { method: 'POST', body, schema: passwordResetRequested, ignoreAuth: true }),
    meta: { errorContext: 'Could not ask for a reset link', inlineErrorStatuses: [400] },
  });
}

/** What a mailed link is for, while it works; a refusal (400: used or expired) shows on the page. */
export function useVerifyPasswordToken() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(ApiPath.passwordTokenVerify, { method: 'POST', body: { token }, schema: passwordTokenInfo, ignoreAuth: true }),
    meta: { errorContext: 'Could not check the link', inlineErrorStatuses: [400] },
  });
}

export function useSetPasswordWithToken() {
  return useMutation({
    mutationFn: (body: PasswordSetRequest) =>
      apiRequest(ApiPath.passwordTokenUse, { method: 'POST', body, schema: passwordSetResponse, ignoreAuth: true }),
    meta: { errorContext: 'Could not set the password', inlineErrorStatuses: [400] },
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => apiRequest(ApiPath.ownPassword, { method: 'PUT', body, schema: passwordChangeResponse }),
    meta: { errorContext: 'Could not change the password', inlineErrorStatuses: [400] },
  });
}
