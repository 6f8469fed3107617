import { useNavigate } from '@tanstack/react-router';
import { forgetServiceAuthorizations } from '../../../lib/service-session';
import { useLogoutMutation } from '../api/auth.api';

/** Sign out, forgetting the tab's service authorizations, then show the login page (spec §4). */
export function useSignOut() {
  const logout = useLogoutMutation();
  const navigate = useNavigate();
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
