import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { hubTenancyResponse, type HubTenancyBody } from '@keydeck/contract/cryptohub';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const tenancyKeys = queryKeys('cryptohub');

export const tenancyQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: tenancyKeys.detail(accountId),
    queryFn: async ({ signal }) => (await apiRequest(apiPath(ApiPath.accountCryptoHub, { account_id: accountId }), { schema: hubTenancyResponse, signal })).data,
    meta: { errorContext: 'Could not load the CryptoHub tenancy' },
  });

export function useSaveTenancy(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HubTenancyBody) =>
      (await apiRequest(apiPath(ApiPath.accountCryptoHub, { account_id: accountId }), { method: 'PUT', body, schema: hubTenancyResponse })).data,
    meta: { errorContext: 'Could not save the CryptoHub tenancy', inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(tenancyKeys.detail(accountId), saved),
  });
}
