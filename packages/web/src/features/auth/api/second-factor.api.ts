import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCompleteRequest } from '@keydeck/contract/mfa';
import { mfaApi } from '@keydeck/contract/mfa.api';
import { securityKeysApi } from '@keydeck/contract/security-keys.api';
import { callApi } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

// The second-factor steps of sign-in; enrolling and managing factors is the mfa feature's.

/**
 * The TOTP step of sign-in. Its 401 (wrong code) is the answer, not a lost session: ignoreAuth. After too many
 * wrong codes the server ends the partial session, so the session is asked again on every refusal.
 */
export function useCompleteTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpCompleteRequest) =>
      callApi(mfaApi.completeTotp, { body, ignoreAuth: true }),
    meta: { errorContext: 'Could not complete the sign-in', inlineErrorStatuses: [400, 401, 403] },
    onSuccess: ({ auth_info }) => queryClient.setQueryData(sessionKeys.all, auth_info),
    onError: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** Spec §7 u2f/authenticate/begin: hex of the CBOR credential request. */
export async function beginU2f(): Promise<string> {
  return (await callApi(securityKeysApi.beginU2f, { ignoreAuth: true })).u2f_data;
}

/** Spec §7 u2f/authenticate/complete; a 401 is the answer (refused key), not a lost session. */
export async function completeU2f(u2fData: string) {
  return (await callApi(securityKeysApi.completeU2f, { body: { u2f_data: u2fData }, ignoreAuth: true })).auth_info;
}
