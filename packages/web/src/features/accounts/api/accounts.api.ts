import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountFields } from '@keydeck/contract/accounts';
import { accountsApi } from '@keydeck/contract/accounts.api';
import { registrationApi } from '@keydeck/contract/registration.api';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';

/** The marketplace the account signed up through; under the account's detail key, so whatever refreshes the account refreshes this too. */
export const accountMarketplaceQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.detail(accountId, 'marketplace'),
    queryFn: async ({ signal }) =>
      (await callApi(registrationApi.getAccountMarketplace, { params: { account_id: accountId }, signal })).marketplace,
    meta: { errorContext: 'Could not load the marketplace sign-up' },
  });

/** Disables one account (DELETE admin/accounts); the batch action calls it row by row for per-row results. */
export async function disableAccount(id: string): Promise<Account> {
  const { accounts } = await callApi(accountsApi.disableAccounts, { body: { accounts: [id] } });
  return accounts[0]!;
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: AccountFields) =>
      (await callApi(accountsApi.createAccounts, { body: { accounts: [fields] } })).accounts[0]!,
    // The form puts 400 field errors (accounts.0.<field>) on its fields.
    meta: { errorContext: 'Could not create the account', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export type AccountChange = Partial<AccountFields> & { id: string; disabled?: boolean };

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: AccountChange) =>
      (await callApi(accountsApi.updateAccounts, { body: { accounts: [change] } })).accounts[0]!,
    meta: { errorContext: 'Could not save the account', inlineErrorStatuses: [400] },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}

/** Enable (PUT disabled: false) or disable (DELETE) from the account header. */
export function useSetAccountDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, disabled }: { id: string; disabled: boolean }) =>
      disabled
        ? disableAccount(id)
        : (await callApi(accountsApi.updateAccounts, { body: { accounts: [{ id, disabled: false }] } })).accounts[0]!,
    meta: { errorContext: 'Could not change the account status' },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}
