import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountFields } from '@keydeck/contract/accounts';
import { accountsApi } from '@keydeck/contract/accounts.api';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import { registrationApi } from '@keydeck/contract/registration.api';
import { rolesApi } from '@keydeck/contract/roles.api';
import type { UserFields } from '@keydeck/contract/users';
import { usersApi } from '@keydeck/contract/users.api';
import { callApi } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/accounts.queries';
import { userKeys } from '../../../lib/query-keys';

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

/** What the prompt for an account's first administrator asks: who to invite. */
export type AdministratorInvitation = Pick<UserFields, 'username' | 'name' | 'email'>;

/**
 * Invites a user holding the account's built-in Account Administrator role, through the users' own invitation
 * (POST user/users mails them a link to set their password).
 */
export function useInviteAdministrator(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitation: AdministratorInvitation) => {
      const roles = await callApi(rolesApi.listRoles, { query: { account_id: accountId, page_size: 100 } });
      // Every account is created with its built-in roles (accounts.service createAccount).
      const admin = roles.data.find((role) => role.built_in && role.name === BUILT_IN_ROLES.accountAdministrator.name)!;
      const user = { ...invitation, roles: [admin.id], mfa_enforced: false };
      return (await callApi(usersApi.createUsers, { body: { account_id: accountId, users: [user] } })).users[0]!;
    },
    // 400 (field errors on users.0.<field>, a taken username) shows in the form.
    meta: { errorContext: 'Could not invite the administrator', inlineErrorStatuses: [400] },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys(accountId).all })]),
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
    meta: { refusalsShownInline: true },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
}
