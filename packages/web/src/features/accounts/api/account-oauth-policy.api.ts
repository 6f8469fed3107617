import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { oauthAccountPolicyResponse, type OAuthAccountPolicy } from '@keydeck/contract/oauth';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';

const policyPath = (accountId: string) => apiPath(ApiPath.adminAccountOAuthPolicy, { account_id: accountId });

/** Whether the account's users may allow other companies' OAuth applications; under the account's detail key. */
export const accountOAuthPolicyQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.detail(accountId, 'oauth-policy'),
    queryFn: async ({ signal }) => (await apiRequest(policyPath(accountId), { schema: oauthAccountPolicyResponse, signal })).data,
    meta: { errorContext: 'Could not load the OAuth policy' },
  });

export function useSetAccountOAuthPolicy(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: OAuthAccountPolicy) =>
      (await apiRequest(policyPath(accountId), { method: 'PUT', body: policy, schema: oauthAccountPolicyResponse })).data,
    meta: { errorContext: 'Could not save the OAuth policy' },
    onSuccess: (policy) => queryClient.setQueryData(accountKeys.detail(accountId, 'oauth-policy'), policy),
  });
}
