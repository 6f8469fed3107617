import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { serviceUserGroupsCreateBody, serviceUserGroupsUpdateBody, serviceUsersBody } from '@keydeck/contract/service-users';
import { serviceUserVariants } from '@keydeck/contract/service-users.api';
import { usersApi } from '@keydeck/contract/users.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys, userKeys } from '../../../lib/query-keys';
import { serviceAccessKeys } from '../../../lib/service-access';
import { serviceCall } from '../../../lib/service-session';

/** The service a screen works on: its id and whether it is reached through the jwt_ paths. */
export type ServiceRef = { id: string; use_jwt: boolean };
export type GroupsCreate = z.input<typeof serviceUserGroupsCreateBody>;
export type GroupsUpdate = z.input<typeof serviceUserGroupsUpdateBody>['groups'][number];
export type UserMembership = z.input<typeof serviceUsersBody>['users'][number];

const api = (service: ServiceRef) => serviceUserVariants[service.use_jwt ? 'jwt' : 'plain'];

const serviceUserKeys = (serviceId: string) => queryKeys('service-users', serviceId);

/** The service's users as a list for the DataTable (the call answers them all at once). */
export const serviceUsersQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceUserKeys(service.id).list('users'),
    queryFn: async ({ signal }) => {
      const { users } = await serviceCall(service.id, api(service).listUsers, { signal });
      return { data: users, total: users.length };
    },
    meta: { errorContext: 'Could not load the service users' },
  });

export const serviceGroupsQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceUserKeys(service.id).list('groups'),
    queryFn: async ({ signal }) => {
      const { groups } = await serviceCall(service.id, api(service).listGroups, { signal });
      return { data: groups, total: groups.length };
    },
    meta: { errorContext: 'Could not load the service user groups' },
  });

const PICKER_QUERY = { page_size: MAX_PAGE_SIZE, order_by: 'username' } as const;

/** The account's console users, for the user picker (the first MAX_PAGE_SIZE by username). */
export const accountUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys(undefined).list(PICKER_QUERY),
    queryFn: ({ signal }) => callApi(usersApi.listUsers, { query: PICKER_QUERY, signal }),
    meta: { errorContext: 'Could not load the users of your company' },
  });

/**
 * A change to the service's users or groups: refreshes both lists and the caller's own standing. Forms show
 * 400 field errors themselves and a 409 (a rule such as keeping User at Modify) is toasted centrally; a change
 * confirmed in a dialog (errorContext null) has every refusal shown there.
 */
function useServiceChange<T>(service: ServiceRef, send: (value: T) => Promise<unknown>, errorContext: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: errorContext === null ? { refusalsShownInline: true } : { errorContext, inlineErrorStatuses: [400] },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceUserKeys(service.id).all }),
        queryClient.invalidateQueries({ queryKey: serviceAccessKeys(service.id).all }),
      ]),
  });
}

export const useAddServiceUser = (service: ServiceRef) =>
  useServiceChange(
    service,
    (user: UserMembership) => serviceCall(service.id, api(service).addUsers, { body: { users: [user] } }),
    'Could not add the user',
  );

export const useMoveServiceUser = (service: ServiceRef) =>
  useServiceChange(
    service,
    (user: UserMembership) => serviceCall(service.id, api(service).moveUsers, { body: { users: [user] } }),
    'Could not change the group',
  );

export const useRemoveServiceUser = (service: ServiceRef) =>
  useServiceChange(
    service,
    (username: string) => serviceCall(service.id, api(service).removeUsers, { body: { users: [username] } }),
    null,
  );

export const useCreateGroups = (service: ServiceRef) =>
  useServiceChange(
    service,
    (body: GroupsCreate) => serviceCall(service.id, api(service).createGroups, { body }),
    'Could not create the groups',
  );

export const useUpdateGroup = (service: ServiceRef) =>
  useServiceChange(
    service,
    (group: GroupsUpdate) => serviceCall(service.id, api(service).updateGroups, { body: { groups: [group] } }),
    'Could not change the group',
  );

export const useDeleteGroup = (service: ServiceRef) =>
  useServiceChange(
    service,
    (name: string) => serviceCall(service.id, api(service).deleteGroups, { body: { groups: [name] } }),
    null,
  );
