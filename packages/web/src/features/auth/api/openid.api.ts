import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenidLoginCompleteQuery } from '@keydeck/contract/openid-login';
import { openidLoginApi } from '@keydeck/contract/openid-login.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionKeys } from '../../../lib/session';

const openidProviderKeys = (accountSlug: string) => queryKeys('auth-openid-providers', accountSlug);

/** The sign-in options of an account, by its slug (an unknown slug simply has none). */
export const openidProvidersQueryOptions = (accountSlug: string) =>
  queryOptions({
    queryKey: openidProviderKeys(accountSlug).all,
    queryFn: ({ signal }) =>
      callApi(openidLoginApi.listOpenidProviders, { query: { account_slug: accountSlug }, signal, ignoreAuth: true }),
    staleTime: 60_000,
    meta: { errorContext: 'Could not load the sign-in options' },
  });

/** Asks the server where to send the browser: the provider's authorization URL for a fresh sign-in. */
export function useOpenidStart() {
  return useMutation({
    mutationFn: (input: { openid_provider_id: string; continue_uri: string }) =>
      callApi(openidLoginApi.openidLoginStart, { body: input, ignoreAuth: true }),
    meta: { errorContext: 'Could not start the sign-in' },
  });
}

/** Hands the provider's answer (its redirect query) to the server, which starts the session. */
export function useOpenidComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: OpenidLoginCompleteQuery) =>
      callApi(openidLoginApi.openidLoginComplete, { query, ignoreAuth: true }),
    // The page shows refusals itself, with a way back to the sign-in page.
    meta: { errorContext: 'Sign-in failed', inlineErrorStatuses: [400, 403, 429, 502] },
    onSuccess: ({ auth_info }) => queryClient.setQueryData(sessionKeys.all, auth_info),
  });
}
