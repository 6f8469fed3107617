import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OAuthAccountPolicy } from '@keydeck/contract/oauth';
import { oauthApi } from '@keydeck/contract/oauth.api';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';

/** Whether the account's users may allow other companies' OAuth applications; under the account's detail key. */
export const accountOAuthPolicyQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.detail(accountId, 'oauth-policy'),
    queryFn: async ({ signal }) => (await callApi(oauthApi.getAccountOAuthPolicy, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the OAuth policy' },
  });

export function useSetAccountOAuthPolicy(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: OAuthAccountPolicy) =>
      (await callApi(oauthApi.setAccountOAuthPolicy, { params: { account_id: accountId }, body: policy })).data,
    meta: { errorContext: 'Could not save the OAuth policy' },
    onSuccess: (policy) => queryClient.setQueryData(accountKeys.detail(accountId, 'oauth-policy'), policy),
  });
}
