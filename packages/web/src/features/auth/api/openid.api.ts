import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import {
  openidLoginCompleteResponse,
  openidLoginStartResponse,
  openidProvidersResponse,
  type OpenidLoginCompleteQuery,
} from '@keydeck/contract/openid-login';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { sessionKeys } from '../../../lib/session';

const openidProviderKeys = (accountSlug: string) => queryKeys('openid-providers', accountSlug);

/** The sign-in options of an account, by its slug (an unknown slug simply has none). */
export const openidProvidersQueryOptions = (accountSlug: string) =>
  queryOptions({
    queryKey: openidProviderKeys(accountSlug).all,
    queryFn: ({ signal }) =>
      apiRequest(`${ApiPath.openidProviders}?${toQueryString({ account_slug: accountSlug })}`, { schema: openidProvidersResponse, signal, ignoreAuth: true }),
    staleTime: 60_000,
    meta: { errorContext: 'Could not load the sign-in options' },
  });

/** Asks the server where to send the browser: the provider's authorization URL for a fresh sign-in. */
export function useOpenidStart() {
  return useMutation({
    mutationFn: (input: { openid_provider_id: string; continue_uri: string }) =>
      apiRequest(ApiPath.openidLoginStart, { method: 'POST', body: input, schema: openidLoginStartResponse, ignoreAuth: true }),
    meta: { errorContext: 'Could not start the sign-in' },
  });
}

/** Hands the provider's answer (its redirect query) to the server, which starts the session. */
export function useOpenidComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: OpenidLoginCompleteQuery) =>
      apiRequest(`${ApiPath.openidLoginComplete}?${toQueryString(query)}`, { method: 'POST', schema: openidLoginCompleteResponse, ignoreAuth: true }),
    // The page shows refusals itself, with a way back to the sign-in page.
    meta: { errorContext: 'Sign-in failed', inlineErrorStatuses: [400, 403, 429, 502] },
    onSuccess: ({ auth_info }) => queryClient.setQueryData(sessionKeys.all, auth_info),
  });
}
