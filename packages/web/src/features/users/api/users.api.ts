import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserFields, UsersListQuery, UserUpdate } from '@keydeck/contract/users';
import { usersApi } from '@keydeck/contract/users.api';
import { mfaApi } from '@keydeck/contract/mfa.api';
import { callApi } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import { invalidateUsersAndRoles } from './users.keys';
import { listQueryOptions } from '../../../lib/list-query';

type ListQuery = Omit<UsersListQuery, 'account_id'>;

export const usersListQueryOptions = (accountId: string | undefined, query: ListQuery) =>
  listQueryOptions({
    queryKey: userKeys(accountId).list(query),
    queryFn: ({ signal }) =>
      callApi(usersApi.listUsers, { query: { ...query, account_id: accountId }, signal }),
    meta: { errorContext: 'Could not load the users' },
  });

async function updateOne(accountId: string | undefined, change: UserUpdate): Promise<User> {
  const body = { account_id: accountId, users: [change] };
  return (await callApi(usersApi.updateUsers, { body })).users[0]!;
}

/** One user at a time, so a batch reports each row's outcome (self-protection refuses only that row). */
export const setUserDisabled = (accountId: string | undefined, id: string, disabled: boolean) => updateOne(accountId, { id, disabled });

export async function deleteUser(accountId: string | undefined, id: string): Promise<void> {
  await callApi(usersApi.deleteUsers, { body: { account_id: accountId, users: [id] } });
}

/** Removes the user's authenticator app and recovery codes; they enrol again at their next sign-in if MFA is enforced. */
export async function resetUserMfa(accountId: string | undefined, id: string): Promise<void> {
  await callApi(mfaApi.resetUserMfa, { params: { user_id: id }, body: { account_id: accountId } });
}

export function useInviteUser(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: UserFields) =>
      (await callApi(usersApi.createUsers, { body: { account_id: accountId, users: [fields] } })).users[0]!,
    // 400 (field errors on users.0.<field>, refusals) shows in the form; 403 (escalation) is toasted.
    meta: { errorContext: 'Could not invite the user', inlineErrorStatuses: [400] },
    onSuccess: () => invalidateUsersAndRoles(queryClient, accountId),
  });
}

export function useUpdateUser(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UserUpdate) => updateOne(accountId, change),
    meta: { errorContext: 'Could not save the user', inlineErrorStatuses: [400] },
    onSuccess: () => invalidateUsersAndRoles(queryClient, accountId),
  });
}

/** A fresh invitation link for an invited user (the old links stop working). */
export function useResendInvitation(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(usersApi.resendInvitation, { params: { user_id: id }, body: { account_id: accountId } }),
    meta: { errorContext: 'Could not resend the invitation' },
    onSuccess: () => invalidateUsersAndRoles(queryClient, accountId),
  });
}
