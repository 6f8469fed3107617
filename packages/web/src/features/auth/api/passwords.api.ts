import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest, PasswordResetRequest, PasswordSetRequest } from '@keydeck/contract/passwords';
import { passwordsApi } from '@keydeck/contract/passwords.api';
import { callApi } from '../../../lib/api-client';

/** Public calls: ignoreAuth keeps a 401 from counting as a lost session. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequest) =>
      callApi(passwordsApi.requestPasswordReset, { body, ignoreAuth: true }),
    meta: { errorContext: 'Could not ask for a reset link', inlineErrorStatuses: [400] },
  });
}

/** What a mailed link is for, while it works; a refusal (400: used or expired) shows on the page. */
export function useVerifyPasswordToken() {
  return useMutation({
    mutationFn: (token: string) =>
      callApi(passwordsApi.verifyPasswordToken, { body: { token }, ignoreAuth: true }),
    meta: { errorContext: 'Could not check the link', inlineErrorStatuses: [400] },
  });
}

export function useSetPasswordWithToken() {
  return useMutation({
    mutationFn: (body: PasswordSetRequest) =>
      callApi(passwordsApi.setPasswordWithToken, { body, ignoreAuth: true }),
    meta: { errorContext: 'Could not set the password', inlineErrorStatuses: [400] },
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: PasswordChangeRequest) => callApi(passwordsApi.changeOwnPassword, { body }),
    meta: { errorContext: 'Could not change the password', inlineErrorStatuses: [400] },
  });
}
