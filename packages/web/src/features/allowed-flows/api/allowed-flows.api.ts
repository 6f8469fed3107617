import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllowedFlows } from '@keydeck/contract/allowed-flows';
import { allowedFlowsApi } from '@keydeck/contract/allowed-flows.api';
import { allowedFlowsKeys } from '../../../lib/allowed-flows.queries';
import { callApi } from '../../../lib/api-client';

export function useSaveAllowedFlows(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (flows: AllowedFlows) =>
      (await callApi(allowedFlowsApi.updateAllowedFlows, { params: { account_id: accountId }, body: flows })).allowed_flows,
    meta: { errorContext: 'Could not save the allowed sign-in methods', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(allowedFlowsKeys(accountId).all, saved),
  });
}
