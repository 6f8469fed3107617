import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionCategory } from '@keydeck/contract/permissions';
import { serviceUserVariants } from '@keydeck/contract/service-users.api';
import { allowsServiceAccess, type ServicePermissionLevel } from '@keydeck/contract/services';
import { queryKeys } from './query-keys';
import { serviceCall, useServiceSession } from './service-session';

type ServiceRef = { id: string; use_jwt: boolean };

export const serviceAccessKeys = (serviceId: string) => queryKeys('service-access', serviceId);

/** GET service/[jwt_]service_user_group/current: the caller's group, its permissions and who is on the service. */
export const serviceAccessQueryOptions = (service: ServiceRef) =>
  queryOptions({
    queryKey: serviceAccessKeys(service.id).all,
    queryFn: ({ signal }) =>
      serviceCall(service.id, serviceUserVariants[service.use_jwt ? 'jwt' : 'plain'].currentGroup, { signal }),
    meta: { errorContext: 'Could not load your permissions on the service' },
  });

/**
 * What the caller's service user group may do on the service (spec §6): a category means View, Modify allows
 * changes. Nothing is allowed without a live service session; screens hide what is not allowed.
 */
export function useServiceAccess(service: ServiceRef): {
  can(category: PermissionCategory, level?: ServicePermissionLevel): boolean;
  groupName?: string;
  /** The caller's own service user name, to offer no action on oneself. */
  userName?: string;
  isLoading: boolean;
} {
  const { session, isLoading: sessionLoading } = useServiceSession(service.id);
  const current = useQuery({ ...serviceAccessQueryOptions(service), enabled: session !== null });
  const permissions = session ? current.data?.permissions : undefined;
  return {
    can: (category, level = 'View') => (permissions ? allowsServiceAccess(permissions, category, level) : false),
    ...(session && current.data ? { groupName: current.data.group_name, userName: current.data.user_name } : {}),
    isLoading: sessionLoading || (session !== null && current.isLoading),
  };
}
