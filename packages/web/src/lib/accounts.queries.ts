import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accountResponse, accountsPage, type AccountsListQuery } from '@keydeck/contract/accounts';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';
import { toQueryString } from './query-string';

// The platform's accounts as several features read them (the accounts screens, the audit log's account
// filter, offboarding); the accounts feature owns the changes (features/accounts/api).

export const accountKeys = queryKeys('accounts');

const accountPath = (id: string) => apiPath(ApiPath.adminAccount, { account_id: id });

export const accountsListQueryOptions = (query: AccountsListQuery) =>
  queryOptions({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.adminAccounts}?${toQueryString(query)}`, { schema: accountsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the accounts' },
  });

export const accountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest(accountPath(id), { schema: accountResponse, signal })).account,
    meta: { errorContext: 'Could not load the account' },
  });
