import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@keydeck/contract/auth';
import { authApi } from '@keydeck/contract/auth.api';
import { callApi } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Sign-in answers its 401 itself (wrong password): ignoreAuth keeps it from counting as a lost session. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => callApi(authApi.login, { body: credentials, ignoreAuth: true }),
    // The form shows these on its fields or in its alert; anything else (403, 5xx, network) is toasted centrally.
    meta: { errorContext: 'Sign-in failed', inlineErrorStatuses: [400, 401, 429] },
    onSuccess: ({ auth_info }) => queryClient.setQueryData(sessionKeys.all, auth_info),
  });
}
