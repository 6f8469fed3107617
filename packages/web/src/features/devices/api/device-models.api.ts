import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesApi } from '@keydeck/contract/devices.api';
import { serviceCall } from '../../../lib/service-session';
import { deviceKeys, deviceModelKeys } from './device-keys';


/** The service's device models with how many devices each is assigned to. */
export const deviceModelsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: deviceModelKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceCall(serviceId, devicesApi.listDeviceModels, { params: { service_id: serviceId }, signal }),
    meta: { errorContext: 'Could not load the device models' },
  });

export function useCreateDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      serviceCall(serviceId, devicesApi.createDeviceModel, { params: { service_id: serviceId }, body: { device_model: name } }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceModelKeys(serviceId).all }),
  });
}

/** Renames a model; its devices follow, so the device lists refresh too. */
export function useRenameDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldName, name }: { oldName: string; name: string }) =>
      serviceCall(serviceId, devicesApi.renameDeviceModel, { params: { service_id: serviceId }, body: { device_model: name, old_name: oldName } }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all }),
  });
}

/** Deletes a model; one still assigned to devices is refused, and the confirm dialog says so in the server's words. */
export function useDeleteDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      serviceCall(serviceId, devicesApi.deleteDeviceModel, { params: { service_id: serviceId }, body: { device_model: name } }),
    meta: { refusalsShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceModelKeys(serviceId).all }),
  });
}
