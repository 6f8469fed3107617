import { queryOptions } from '@tanstack/react-query';
import { allowedFlowsApi } from '@keydeck/contract/allowed-flows.api';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';

// An account's allowed sign-in methods as several features read them (the Allowed flows tab, the identity
// providers list's warning); the allowed-flows feature owns the change (features/allowed-flows/api).

export const allowedFlowsKeys = (accountId: string) => queryKeys('allowed-flows', accountId);

export const allowedFlowsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: allowedFlowsKeys(accountId).all,
    queryFn: async ({ signal }) => (await callApi(allowedFlowsApi.getAllowedFlows, { params: { account_id: accountId }, signal })).allowed_flows,
    meta: { errorContext: 'Could not load the allowed sign-in methods' },
  });
