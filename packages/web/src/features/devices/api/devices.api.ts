import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewDevice } from '@keydeck/contract/devices';
import { devicesApi } from '@keydeck/contract/devices.api';
import { saveFile } from '../../../lib/save-file';
import { serviceCall, serviceDownload } from '../../../lib/service-session';
import { deviceKeys } from './device-keys';
import { wireFilter, type DeviceListState } from './device-list';
import { listQueryOptions } from '../../../lib/list-query';

/** A page of the filtered devices; total is counted up to DEVICE_COUNT_CAP (total_capped says there are more). */
export const devicesQueryOptions = (serviceId: string, state: DeviceListState) =>
  listQueryOptions({
    queryKey: deviceKeys(serviceId).list(state),
    queryFn: ({ signal }) => {
      const { page, page_size, order, order_by, after, before, last } = state;
      return serviceCall(serviceId, devicesApi.listDevices, { query: { page, page_size, order, order_by, after, before, last, ...wireFilter(state) }, signal });
    },
    meta: { errorContext: 'Could not load the devices' },
  });

/** Who changed the device and when, newest first. */
export const deviceHistoryQueryOptions = (serviceId: string, serial: string) =>
  queryOptions({
    queryKey: deviceKeys(serviceId).detail(serial, 'history'),
    queryFn: ({ signal }) =>
      serviceCall(serviceId, devicesApi.deviceHistory, { query: { serial }, signal }),
    meta: { errorContext: `Could not load the history of device ${serial}` },
  });

/**
 * Every device matching the filters as CSV (GET service/device?export=true), saved as a file. Fetched rather than
 * linked: a JWT service's calls carry its token, which a plain link cannot send.
 */
export function useExportDevices(serviceId: string) {
  return useMutation({
    mutationFn: async (state: DeviceListState) => {
      const query = { export: true, order_by: state.order_by, order: state.order, ...wireFilter(state) };
      const csv = await serviceDownload(serviceId, devicesApi.listDevices, { query });
      saveFile(`devices-${new Date().toISOString().slice(0, 10)}.csv`, csv, 'text/csv');
    },
    meta: { errorContext: 'Could not export the devices' },
  });
}

/** POST service/device: adds devices, all or none; dry_run only checks them (the CSV import's preview). */
export function useCreateDevices(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ devices, dryRun = false }: { devices: NewDevice[]; dryRun?: boolean }) =>
      serviceCall(serviceId, devicesApi.createDevices, { body: { devices, dry_run: dryRun } }),
    // Field refusals land on the form's fields.
    meta: { inlineErrorStatuses: [400] },
    onSuccess: (_result, { dryRun }) => (dryRun ? undefined : queryClient.invalidateQueries({ queryKey: deviceKeys(serviceId).all })),
  });
}
