import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accountResponse, accountsPage, type AccountsListQuery } from '@keydeck/contract/accounts';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { apiRequest } from './api-client';
import { toQueryString } from './query-string';

// The platform's accounts as several features read them (the accounts screens, the audit log's account
// filter, offboarding); the accounts feature owns the changes (features/accounts/api).

export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (query: AccountsListQuery) => [...accountKeys.lists(), query] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (id: string) => [...accountKeys.details(), id] as const,
};

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
