import { queryOptions } from '@tanstack/react-query';
import { allowedFlowsResponse } from '@keydeck/contract/allowed-flows';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

// An account's allowed sign-in methods as several features read them (the Allowed flows tab, the identity
// providers list's warning); the allowed-flows feature owns the change (features/allowed-flows/api).

export const allowedFlowsKeys = (accountId: string) => queryKeys('allowed-flows', accountId);

export const allowedFlowsPath = (accountId: string) => apiPath(ApiPath.allowedFlows, { account_id: accountId });

export const allowedFlowsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: allowedFlowsKeys(accountId).all,
    queryFn: async ({ signal }) => (await apiRequest(allowedFlowsPath(accountId), { schema: allowedFlowsResponse, signal })).allowed_flows,
    meta: { errorContext: 'Could not load the allowed sign-in methods' },
  });
