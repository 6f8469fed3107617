import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { offboardingApi } from '@keydeck/contract/offboarding.api';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';
import { queryKeys } from '../../../lib/query-keys';

const offboardingKeys = (accountId: string) => queryKeys('offboarding', accountId);

const params = (accountId: string) => ({ account_id: accountId });

export const offboardingStatusQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: offboardingKeys(accountId).all,
    queryFn: async ({ signal }) => (await callApi(offboardingApi.getAccountOffboarding, { params: params(accountId), signal })).offboarding,
    meta: { errorContext: 'Could not load the offboarding status' },
  });

/** Step 1: the account's data as one JSON document; the server records when it was exported. */
export function useExportAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(offboardingApi.exportAccountData, { params: params(accountId) }),
    meta: { errorContext: 'Could not export the account data' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offboardingKeys(accountId).all }),
  });
}

/** Step 2: deletes the account for good; refused unless the slug matches and a recent export exists. */
export function useOffboardAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmSlug: string) =>
      (await callApi(offboardingApi.offboardAccount, { params: params(accountId), body: { confirm_slug: confirmSlug } })).account,
    meta: { errorContext: 'Could not delete the account' },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountKeys.detail(accountId) });
      queryClient.removeQueries({ queryKey: offboardingKeys(accountId).all });
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}
