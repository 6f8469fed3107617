import { queryOptions, useMutation } from '@tanstack/react-query';
import type { KeyComponentExport, KeyComponentExportOpen } from '@keydeck/contract/key-ceremonies';
import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import { queryKeys, symmetricKeyKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';
import { openRecordsQueryOptions, useOpenRecordChanged } from './open-records-list';

const componentExportKeys = (serviceId: string) => queryKeys('key-ceremonies', serviceId, 'component-exports');

/** The service's component exports: their custodians reveal their components in their own sessions. */
export const componentExportsQueryOptions = (serviceId: string) =>
  openRecordsQueryOptions({
    queryKey: componentExportKeys(serviceId).list('all'),
    fetchAll: async (signal) => (await serviceCall(serviceId, keyCeremoniesApi.listKeyComponentExports, { signal })).data,
    errorContext: 'Could not load the component exports',
  });

/** The active keys that may leave the keystore (exportability E or S), by name: the first MAX_PAGE_SIZE of them. */
export const exportableKeysQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: symmetricKeyKeys(serviceId).list({ picker: true, exportable: true }),
    queryFn: async ({ signal }) => {
      const query = { state: 'active', page_size: MAX_PAGE_SIZE, order_by: 'name' } as const;
      const { data } = await serviceCall(serviceId, paymentKeysApi.listSymmetricKeys, { query, signal });
      return data.filter((key) => key.exportability !== 'N');
    },
    meta: { errorContext: 'Could not load the keys' },
  });

const useExportChanged = (serviceId: string) =>
  useOpenRecordChanged<KeyComponentExport>(componentExportsQueryOptions(serviceId).queryKey, componentExportKeys(serviceId).lists());

export function useOpenComponentExport(serviceId: string) {
  const changed = useExportChanged(serviceId);
  return useMutation({
    mutationFn: (body: KeyComponentExportOpen) => serviceCall(serviceId, keyCeremoniesApi.openKeyComponentExport, { body }),
    meta: { inlineErrorStatuses: [400, 404, 409] },
    onSuccess: () => changed(),
  });
}

/** The caller's own component, answered once; gcTime 0 drops it from the mutation cache as soon as it is read. */
export function useRevealComponent(serviceId: string) {
  const changed = useExportChanged(serviceId);
  return useMutation({
    mutationFn: (id: string) => serviceCall(serviceId, keyCeremoniesApi.revealKeyComponent, { params: { export_id: id } }),
    gcTime: 0,
    meta: { inlineErrorStatuses: [404, 409] },
    onSuccess: () => changed(),
  });
}

export function useCancelComponentExport(serviceId: string) {
  const changed = useExportChanged(serviceId);
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      serviceCall(serviceId, keyCeremoniesApi.cancelKeyComponentExport, { params: { export_id: id }, body: { reason } }),
    meta: { inlineErrorStatuses: [400, 409] },
    onSuccess: changed,
  });
}
