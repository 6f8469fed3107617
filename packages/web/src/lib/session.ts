import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthInfo } from '@keydeck/contract/auth';
import { authApi } from '@keydeck/contract/auth.api';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { queryKeys } from './query-keys';

export const sessionKeys = queryKeys('session');

/** The session probe: GET login answers auth_info for a live session and 401 otherwise (null here). */
async function fetchSession(signal: AbortSignal): Promise<AuthInfo | null> {
  try {
    const { auth_info } = await callApi(authApi.getSession, { ignoreAuth: true, signal });
    return auth_info;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: ({ signal }) => fetchSession(signal),
  // The route guard reads the cached session on every navigation; the server is asked again on
  // window focus and whenever a call answers 401.
  staleTime: 60_000,
  retry: false,
});

/** Spec §4: logged in only when fully_logged_in is true (a pending second factor is not logged in). */
export function isLoggedIn(session: AuthInfo | null | undefined): session is AuthInfo {
  return session?.fully_logged_in === true;
}

/** Spec §2: the company enforces MFA and this user has none yet. */
export function mustSetUpMfa(session: AuthInfo): boolean {
  return session.user.mfa_enforced && !session.mfa_enabled;
}

/** The signed-in user's session inside guarded screens; null while signed out. */
export function useSession(): AuthInfo | null {
  const { data } = useQuery(sessionQueryOptions);
  return isLoggedIn(data) ? data : null;
}
