import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceGroupsDeleteBody } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import { serviceCall } from '../../../lib/service-session';
import { deviceGroupKeys, deviceKeys } from './device-keys';

/** Groups load a chunk at a time, by name. */
export const GROUP_CHUNK_SIZE = 50;

/**
 * The service's groups matching a name fragment, chunk after chunk ('Load more', or a picker scrolled to its end).
 * namesOnly asks for names alone (query_only=true), which is what a picker needs and is cheap for the server.
 */
export const deviceGroupsQueryOptions = (serviceId: string, search: string | undefined, namesOnly: boolean) =>
  infiniteQueryOptions({
    queryKey: deviceGroupKeys(serviceId).list({ search, namesOnly }),
    queryFn: ({ pageParam, signal }) => {
      const query = { chunk: pageParam, chunk_size: GROUP_CHUNK_SIZE, search, query_only: namesOnly || undefined };
      return serviceCall(serviceId, devicesApi.listDeviceGroups, { query, signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last, _pages, chunk) => (last.more ? chunk + 1 : undefined),
    meta: { errorContext: 'Could not load the device groups' },
  });

export function useCreateDeviceGroup(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupName: string) =>
      serviceCall(serviceId, devicesApi.createDeviceGroups, { body: { groups: [{ group_name: groupName }] } }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceGroupKeys(serviceId).all }),
  });
}

/** Renames a group; the devices list shows group names, so every devices data set of the service is refreshed. */
export function useRenameDeviceGroup(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldName, name }: { oldName: string; name: string }) =>
      serviceCall(serviceId, devicesApi.renameDeviceGroup, { body: { old_name: oldName, group_name: name } }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all }),
  });
}

/** Deletes groups, each on its own; their devices stay (refused), move, or go with them. Devices and counts change. */
export function useDeleteDeviceGroups(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceGroupsDeleteBody) =>
      serviceCall(serviceId, devicesApi.deleteDeviceGroups, { body }),
    meta: { inlineErrorStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all }),
  });
}
