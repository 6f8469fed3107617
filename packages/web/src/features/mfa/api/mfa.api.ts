import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaApi } from '@keydeck/contract/mfa.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionKeys } from '../../../lib/session';

/** The MFA status and the security keys: a change to either refreshes both (`all`). */
export const mfaKeys = queryKeys('mfa');

export const mfaStatusQueryOptions = queryOptions({
  queryKey: mfaKeys.detail('status'),
  queryFn: ({ signal }) => callApi(mfaApi.getMfaStatus, { signal }),
  select: (data) => data.mfa,
  meta: { errorContext: 'Could not load your sign-in settings' },
});

/** A fresh secret and its QR code; every start replaces the previous unconfirmed one. */
export function useBeginTotpEnrolment() {
  return useMutation({
    mutationFn: async () => (await callApi(mfaApi.beginTotpEnrolment, {})).enrolment,
    meta: { errorContext: 'Could not start the set-up' },
  });
}

/** The first code turns the factor on; the session now has MFA enabled, which the route guard reads. */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otp: string) => callApi(mfaApi.confirmTotpEnrolment, { body: { otp } }),
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
    mutationFn: (password: string) => callApi(mfaApi.disableTotp, { body: { password } }),
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
      (await callApi(mfaApi.regenerateRecoveryCodes, { body: { password } })).recovery_codes,
    meta: { errorContext: 'Could not make new recovery codes', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
  });
}
