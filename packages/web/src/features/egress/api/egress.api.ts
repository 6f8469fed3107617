import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { egressPolicy, type EgressPolicyUpdate } from '@keydeck/contract/egress';
import { ApiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const egressKeys = queryKeys('egress-policy');

export const egressPolicyQueryOptions = () =>
  queryOptions({
    queryKey: egressKeys.all,
    queryFn: ({ signal }) => apiRequest(ApiPath.egressPolicy, { schema: egressPolicy, signal }),
    meta: { errorContext: 'Could not load the egress policy' },
  });

export function useSetEgressPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: EgressPolicyUpdate) => apiRequest(ApiPath.egressPolicy, { method: 'PUT', body: update, schema: egressPolicy }),
    meta: { errorContext: 'Could not save the egress policy', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(egressKeys.all, saved),
  });
}
