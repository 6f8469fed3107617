import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { oauthConsentsResponse, oauthDeleted } from '@keydeck/contract/oauth';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user's own consents: the applications allowed to act for them. */
const consentKeys = queryKeys('oauth-consents');

export const oauthConsentsQueryOptions = queryOptions({
  queryKey: consentKeys.lists(),
  queryFn: async ({ signal }) => (await apiRequest(ApiPath.oauthConsents, { schema: oauthConsentsResponse, signal })).data,
  meta: { errorContext: 'Could not load your connected applications' },
});

export function useRevokeOAuthConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => apiRequest(apiPath(ApiPath.oauthConsent, { grant_id: grantId }), { method: 'DELETE', schema: oauthDeleted }),
    meta: { errorContext: 'Could not revoke the application’s access' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKeys.all }),
  });
}
