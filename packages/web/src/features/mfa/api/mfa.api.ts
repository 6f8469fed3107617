import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import {
  mfaStatusResponse,
  recoveryCodesResponse,
  totpConfirmResponse,
  totpDisableResponse,
  totpEnrolmentResponse,
} from '@keydeck/contract/mfa';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionKeys } from '../../../lib/session';

/** The MFA status and the security keys: a change to either refreshes both (`all`). */
export const mfaKeys = queryKeys('mfa');

export const mfaStatusQueryOptions = queryOptions({
  queryKey: mfaKeys.detail('status'),
  queryFn: ({ signal }) => apiRequest(ApiPath.mfa, { schema: mfaStatusResponse, signal }),
  select: (data) => data.mfa,
  meta: { errorContext: 'Could not load your sign-in settings' },
});

/** A fresh secret and its QR code; every start replaces the previous unconfirmed one. */
export function useBeginTotpEnrolment() {
  return useMutation({
    mutationFn: async () => (await apiRequest(ApiPath.totpEnrolBegin, { method: 'POST', schema: totpEnrolmentResponse })).enrolment,
    meta: { errorContext: 'Could not start the set-up' },
  });
}

/** The first code turns the factor on; the session now has MFA enabled, which the route guard reads. */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => apiRequest(ApiPath.totpEnrolConfirm, { method: 'POST', body: { otp }, schema: totpConfirmResponse }),
    meta: { errorContext: 'Could not confirm the code', inlineErrorStatuses: [400] },
    onSuccess: async ({ auth_info }) => {
      queryClient.setQueryData(sessionKeys.all, auth_info);
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
    },
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest(ApiPath.totp, { method: 'DELETE', body: { password }, schema: totpDisableResponse }),
    meta: { errorContext: 'Could not turn off the authenticator app', inlineErrorStatuses: [400] },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (await apiRequest(ApiPath.recoveryCodes, { method: 'POST', body: { password }, schema: recoveryCodesResponse })).recovery_codes,
    meta: { errorContext: 'Could not make new recovery codes', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
