import { useNavigate } from '@tanstack/react-router';
import { useLogoutMutation } from '../api/auth.api';

/** Sign out, then show the login page (spec §4). */
export function useSignOut() {
  const logout = useLogoutMutation();
  const navigate = useNavigate();
  return {
    run: () => logout.mutate(undefined, { onSuccess: () => void navigate({ to: '/login' }) }),
    pending: logout.isPending,
  };
}
