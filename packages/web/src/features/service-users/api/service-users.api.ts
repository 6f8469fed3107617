import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiPath } from '@keydeck/contract/http';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import {
  serviceUserGroupsDeleteBody,
  serviceUserGroupsResponse,
  serviceUsersDeleteBody,
  serviceUsersResponse,
  type serviceUserGroupsCreateBody,
  type serviceUserGroupsUpdateBody,
  type serviceUsersBody,
} from '@keydeck/contract/service-users';
import { usersPage } from '@keydeck/contract/users';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, userKeys } from '../../../lib/query-keys';
import { toQueryString } from '../../../lib/query-string';
import { serviceAccessKeys } from '../../../lib/service-access';
import { serviceRequest } from '../../../lib/service-session';

/** The service a screen works on: its id and whether it is reached through the jwt_ paths. */
export type ServiceRef = { id: string; use_jwt: boolean };
export type GroupsCreate = z.input<typeof serviceUserGroupsCreateBody>;
export type GroupsUpdate = z.input<typeof serviceUserGroupsUpdateBody>['groups'][number];
export type UserMembership = z.input<typeof serviceUsersBody>['users'][number];

const paths = (service: ServiceRef) =>
  service.use_jwt
    ? { users: ApiPath.jwtServiceUsers, groups: ApiPath.jwtServiceUserGroups }
    : { users: ApiPath.serviceUsers, groups: ApiPath.serviceUserGroups };

const serviceUserKeys = (serviceId: string) => queryKeys('service-users', serviceId);

/** The service's users as a list for the DataTable (the call answers them all at once). */
export const serviceUsersQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceUserKeys(service.id).list('users'),
    queryFn: async ({ signal }) => {
      const { users } = await serviceRequest(service.id, paths(service).users, { schema: serviceUsersResponse, signal });
      return { data: users, total: users.length };
    },
    meta: { errorContext: 'Could not load the service users' },
  });

export const serviceGroupsQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceUserKeys(service.id).list('groups'),
    queryFn: async ({ signal }) => {
      const { groups } = await serviceRequest(service.id, paths(service).groups, { schema: serviceUserGroupsResponse, signal });
      return { data: groups, total: groups.length };
    },
    meta: { errorContext: 'Could not load the service user groups' },
  });

const PICKER_QUERY = { page_size: MAX_PAGE_SIZE, order_by: 'username' } as const;

/** The account's console users, for the user picker (the first MAX_PAGE_SIZE by username). */
export const accountUsersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys(undefined).list(PICKER_QUERY),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.users}?${toQueryString(PICKER_QUERY)}`, { schema: usersPage, signal }),
    meta: { errorContext: 'Could not load the users of your company' },
  });

/**
 * A change to the service's users or groups: refreshes both lists and the caller's own standing. Forms show
 * 400 field errors themselves; a 409 (a rule such as keeping User at Modify) is toasted centrally.
 */
function useServiceChange<T>(service: ServiceRef, send: (value: T) => Promise<unknown>, errorContext: string, inline = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { errorContext, ...(inline ? { inlineErrorStatuses: [400] } : {}) },
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
    (user: UserMembership) => serviceRequest(service.id, paths(service).users, { method: 'POST', body: { users: [user] }, schema: serviceUsersResponse }),
    'Could not add the user',
  );

export const useMoveServiceUser = (service: ServiceRef) =>
  useServiceChange(
    service,
    (user: UserMembership) => serviceRequest(service.id, paths(service).users, { method: 'PUT', body: { users: [user] }, schema: serviceUsersResponse }),
    'Could not change the group',
  );

export const useRemoveServiceUser = (service: ServiceRef) =>
  useServiceChange(
    service,
    (username: string) => serviceRequest(service.id, paths(service).users, { method: 'DELETE', body: { users: [username] }, schema: serviceUsersDeleteBody }),
    'Could not remove the user',
    false,
  );

export const useCreateGroups = (service: ServiceRef) =>
  useServiceChange(
    service,
    (body: GroupsCreate) => serviceRequest(service.id, paths(service).groups, { method: 'POST', body, schema: serviceUserGroupsResponse }),
    'Could not create the groups',
  );

export const useUpdateGroup = (service: ServiceRef) =>
  useServiceChange(
    service,
    (group: GroupsUpdate) => serviceRequest(service.id, paths(service).groups, { method: 'PUT', body: { groups: [group] }, schema: serviceUserGroupsResponse }),
    'Could not change the group',
  );

export const useDeleteGroup = (service: ServiceRef) =>
  useServiceChange(
    service,
    (name: string) => serviceRequest(service.id, paths(service).groups, { method: 'DELETE', body: { groups: [name] }, schema: serviceUserGroupsDeleteBody }),
    'Could not delete the group',
    false,
  );
