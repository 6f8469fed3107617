import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { oauthApi } from '@keydeck/contract/oauth.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user's own consents: the applications allowed to act for them. */
const consentKeys = queryKeys('oauth-consents');

export const oauthConsentsQueryOptions = queryOptions({
  queryKey: consentKeys.lists(),
  queryFn: async ({ signal }) => (await callApi(oauthApi.listOAuthConsents, { signal })).data,
  meta: { errorContext: 'Could not load your connected applications' },
});

export function useRevokeOAuthConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => callApi(oauthApi.revokeOAuthConsent, { params: { grant_id: grantId } }),
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.all }),
  });
}
