import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { accountExport, offboardingDeleted, offboardingStatus } from '@keydeck/contract/offboarding';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';
import { queryKeys } from '../../../lib/query-keys';

const offboardingKeys = (accountId: string) => queryKeys('offboarding', accountId);

const offboardingPath = (accountId: string) => apiPath(ApiPath.accountOffboarding, { account_id: accountId });
const exportPath = (accountId: string) => apiPath(ApiPath.accountOffboardingExport, { account_id: accountId });

export const offboardingStatusQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: offboardingKeys(accountId).all,
    queryFn: async ({ signal }) => (await apiRequest(offboardingPath(accountId), { schema: offboardingStatus, signal })).offboarding,
    meta: { errorContext: 'Could not load the offboarding status' },
  });

/** Step 1: the account's data as one JSON document; the server records when it was exported. */
export function useExportAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(exportPath(accountId), { method: 'POST', schema: accountExport }),
    meta: { errorContext: 'Could not export the account data' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offboardingKeys(accountId).all }),
  });
}

/** Step 2: deletes the account for good; refused unless the slug matches and a recent export exists. */
export function useOffboardAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmSlug: string) =>
      (await apiRequest(offboardingPath(accountId), { method: 'DELETE', body: { confirm_slug: confirmSlug }, schema: offboardingDeleted })).account,
    meta: { errorContext: 'Could not delete the account' },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountKeys.detail(accountId) });
      queryClient.removeQueries({ queryKey: offboardingKeys(accountId).all });
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}
