import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { RoleFields, RolesListQuery, RoleUpdate } from '@keydeck/contract/roles';
import { rolesApi } from '@keydeck/contract/roles.api';
import { callApi } from '../../../lib/api-client';
import { invalidateUsersAndRoles, roleKeys } from './users.keys';
import { listQueryOptions } from '../../../lib/list-query';

type ListQuery = Omit<RolesListQuery, 'account_id'>;

const fetchRoles = (accountId: string | undefined, query: ListQuery, signal: AbortSignal) =>
  callApi(rolesApi.listRoles, { query: { ...query, account_id: accountId }, signal });

export const rolesListQueryOptions = (accountId: string | undefined, query: ListQuery) =>
  listQueryOptions({
    queryKey: roleKeys(accountId).list(query),
    queryFn: ({ signal }) => fetchRoles(accountId, query, signal),
    meta: { errorContext: 'Could not load the roles' },
  });

/** The roles a user can be given, by name: one page of the largest size (accounts hold a handful of roles). */
export const roleChoicesQueryOptions = (accountId: string | undefined) =>
  queryOptions({
    queryKey: roleKeys(accountId).list('choices'),
    queryFn: async ({ signal }) =>
      (await fetchRoles(accountId, { page: 1, page_size: MAX_PAGE_SIZE, order: 'asc', order_by: 'name' }, signal)).data,
    meta: { errorContext: 'Could not load the roles' },
  });

export function useCreateRole(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: RoleFields) =>
      (await callApi(rolesApi.createRoles, { body: { account_id: accountId, roles: [fields] } })).roles[0]!,
    // 400 (a taken name on roles.0.name) shows in the form; 403 (escalation) is toasted.
    meta: { errorContext: 'Could not create the role', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys(accountId).all }),
  });
}

export function useUpdateRole(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: RoleUpdate) =>
      (await callApi(rolesApi.updateRoles, { body: { account_id: accountId, roles: [change] } })).roles[0]!,
    meta: { errorContext: 'Could not save the role', inlineErrorStatuses: [400] },
    onSuccess: () => invalidateUsersAndRoles(queryClient, accountId),
  });
}

export function useDeleteRole(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(rolesApi.deleteRoles, { body: { account_id: accountId, roles: [id] } }),
    meta: { refusalsShownInline: true }, // asked in a confirmAction dialog, which keeps the refusal
    onSuccess: () => invalidateUsersAndRoles(queryClient, accountId),
  });
}
