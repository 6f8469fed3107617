import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceModelResponse, deviceModelsResponse } from '@keydeck/contract/devices';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { serviceRequest } from '../../../lib/service-session';
import { deviceKeys, deviceModelKeys } from './device-keys';

const modelsPath = (serviceId: string) => apiPath(ApiPath.deviceModels, { service_id: serviceId });

/** The service's device models with how many devices each is assigned to. */
export const deviceModelsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: deviceModelKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceRequest(serviceId, modelsPath(serviceId), { schema: deviceModelsResponse, signal }),
    meta: { errorContext: 'Could not load the device models' },
  });

export function useCreateDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      serviceRequest(serviceId, modelsPath(serviceId), { method: 'POST', body: { device_model: name }, schema: deviceModelResponse }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceModelKeys(serviceId).all }),
  });
}

/** Renames a model; its devices follow, so the device lists refresh too. */
export function useRenameDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ oldName, name }: { oldName: string; name: string }) =>
      serviceRequest(serviceId, modelsPath(serviceId), { method: 'PUT', body: { device_model: name, old_name: oldName }, schema: deviceModelResponse }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all }),
  });
}

/** Deletes a model; one still assigned to devices is refused, and the central toast says so in the server's words. */
export function useDeleteDeviceModel(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      serviceRequest(serviceId, modelsPath(serviceId), { method: 'DELETE', body: { device_model: name }, schema: deviceModelResponse }),
    meta: { errorContext: 'Could not delete the device model' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceModelKeys(serviceId).all }),
  });
}
