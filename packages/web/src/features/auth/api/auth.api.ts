import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authInfoResponse, logoutResponse, type LoginRequest } from '@keydeck/contract/auth';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { sessionKeys } from '../../../lib/session';

/** Sign-in answers its 401 itself (wrong password): ignoreAuth keeps it from counting as a lost session. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest(ApiPath.login, { method: 'POST', body: credentials, schema: authInfoResponse, ignoreAuth: true }),
    // The form shows these on its fields or in its alert; anything else (403, 5xx, network) is toasted centrally.
    meta: { errorContext: 'Sign-in failed', inlineErrorStatuses: [400, 401, 429] },
    onSuccess: ({ auth_info }) => queryClient.setQueryData(sessionKeys.all, auth_info),
  });
}

/** Spec §4: logout clears everything the session knew, reloads the session, then the caller goes to login. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest(ApiPath.logout, { method: 'POST', schema: logoutResponse, ignoreAuth: true });
      } catch (error) {
        // A session that already ended is the outcome sign-out wanted.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    meta: { errorContext: 'Sign-out failed' },
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      await queryClient.refetchQueries({ queryKey: sessionKeys.all });
    },
  });
}
