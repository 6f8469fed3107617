import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EgressPolicyUpdate } from '@keydeck/contract/egress';
import { egressApi } from '@keydeck/contract/egress.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const egressKeys = queryKeys('egress-policy');

export const egressPolicyQueryOptions = () =>
  queryOptions({
    queryKey: egressKeys.all,
    queryFn: ({ signal }) => callApi(egressApi.getEgressPolicy, { signal }),
    meta: { errorContext: 'Could not load the egress policy' },
  });

export function useSetEgressPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: EgressPolicyUpdate) => callApi(egressApi.setEgressPolicy, { body: update }),
    meta: { errorContext: 'Could not save the egress policy', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(egressKeys.all, saved),
  });
}
