import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { authApi } from '@keydeck/contract/auth.api';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { forgetServiceAuthorizations } from './service-session';
import { sessionKeys } from './session';

/**
 * Sign out (spec §4): logout clears everything the session knew and reloads the session; the tab's service
 * authorizations are forgotten and the login page shown. The shell's menu and the forced MFA setup offer it.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: async () => {
      try {
        await callApi(authApi.logout, { ignoreAuth: true });
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
  return {
    run: () =>
      logout.mutate(undefined, {
        onSuccess: () => {
          forgetServiceAuthorizations();
          void navigate({ to: '/login' });
        },
      }),
    pending: logout.isPending,
  };
}
