import { queryOptions } from '@tanstack/react-query';
import type { AccountsListQuery } from '@keydeck/contract/accounts';
import { accountsApi } from '@keydeck/contract/accounts.api';
import { callApi } from './api-client';
import { queryKeys } from './query-keys';
import { listQueryOptions } from './list-query';

// The platform's accounts as several features read them (the accounts screens, the audit log's account
// filter, offboarding); the accounts feature owns the changes (features/accounts/api).

export const accountKeys = queryKeys('accounts');

export const accountsListQueryOptions = (query: AccountsListQuery) =>
  listQueryOptions({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => callApi(accountsApi.listAccounts, { query, signal }),
    meta: { errorContext: 'Could not load the accounts' },
  });

/** One account: an unknown one is the account layout's "Not found" panel (every reader sits under it), not a toast. */
export const accountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: async ({ signal }) => (await callApi(accountsApi.getAccount, { params: { account_id: id }, signal })).account,
    meta: { errorContext: 'Could not load the account', inlineErrorStatuses: [404] },
  });
