import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { allowedFlowsResponse, type AllowedFlows } from '@keydeck/contract/allowed-flows';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const allowedFlowsKeys = (accountId: string) => queryKeys('allowed-flows', accountId);

const path = (accountId: string) => apiPath(ApiPath.allowedFlows, { account_id: accountId });

export const allowedFlowsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: allowedFlowsKeys(accountId).all,
    queryFn: async ({ signal }) => (await apiRequest(path(accountId), { schema: allowedFlowsResponse, signal })).allowed_flows,
    meta: { errorContext: 'Could not load the allowed sign-in methods' },
  });

export function useSaveAllowedFlows(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (flows: AllowedFlows) =>
      (await apiRequest(path(accountId), { method: 'PUT', body: flows, schema: allowedFlowsResponse })).allowed_flows,
    meta: { errorContext: 'Could not save the allowed sign-in methods', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(allowedFlowsKeys(accountId).all, saved),
  });
}
