import { useMutation, useQueryClient } from '@tanstack/react-query';
import { allowedFlowsResponse, type AllowedFlows } from '@keydeck/contract/allowed-flows';
import { allowedFlowsKeys, allowedFlowsPath } from '../../../lib/allowed-flows.queries';
import { apiRequest } from '../../../lib/api-client';

export function useSaveAllowedFlows(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (flows: AllowedFlows) =>
      (await apiRequest(allowedFlowsPath(accountId), { method: 'PUT', body: flows, schema: allowedFlowsResponse })).allowed_flows,
    meta: { errorContext: 'Could not save the allowed sign-in methods', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(allowedFlowsKeys(accountId).all, saved),
  });
}
