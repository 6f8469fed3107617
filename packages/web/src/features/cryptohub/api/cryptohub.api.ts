import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HubTenancyBody } from '@keydeck/contract/cryptohub';
import { cryptohubApi } from '@keydeck/contract/cryptohub.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const tenancyKeys = queryKeys('cryptohub');

export const tenancyQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: tenancyKeys.detail(accountId),
    queryFn: async ({ signal }) => (await callApi(cryptohubApi.getCryptoHubTenancy, { params: { account_id: accountId }, signal })).data,
    meta: { errorContext: 'Could not load the CryptoHub tenancy' },
  });

export function useSaveTenancy(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HubTenancyBody) =>
      (await callApi(cryptohubApi.setCryptoHubTenancy, { params: { account_id: accountId }, body })).data,
    meta: { errorContext: 'Could not save the CryptoHub tenancy', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(tenancyKeys.detail(accountId), saved),
  });
}
