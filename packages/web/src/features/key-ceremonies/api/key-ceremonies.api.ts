import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyCeremony, KeyCeremonyOpen, KeyCustodiansResponse } from '@keydeck/contract/key-ceremonies';
import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import { keyCeremonyKeys, keyCustodianKeys } from '../../../lib/key-custodians.queries';
import { saveFile } from '../../../lib/save-file';
import { serviceCall, serviceDownload } from '../../../lib/service-session';
import { openRecordsQueryOptions, useOpenRecordChanged } from './open-records-list';

/** The service's ceremonies: the other custodians enter theirs in their own sessions. */
export const keyCeremoniesQueryOptions = (serviceId: string) =>
  openRecordsQueryOptions({
    queryKey: keyCeremonyKeys(serviceId).list('all'),
    fetchAll: async (signal) => (await serviceCall(serviceId, keyCeremoniesApi.listKeyCeremonies, { signal })).data,
    errorContext: 'Could not load the key ceremonies',
  });

const useCeremonyChanged = (serviceId: string) => useOpenRecordChanged<KeyCeremony>(keyCeremoniesQueryOptions(serviceId).queryKey, keyCeremonyKeys(serviceId).lists());

/** PUT service/key_custodians: the designated custodians and the policy, replaced as a whole. */
export function useSetKeyCustodians(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_ids: string[]; policy: KeyCustodiansResponse['policy'] }) => serviceCall(serviceId, keyCeremoniesApi.setKeyCustodians, { body }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: (saved) => queryClient.setQueryData(keyCustodianKeys(serviceId).all, saved),
  });
}

export function useOpenKeyCeremony(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KeyCeremonyOpen) => serviceCall(serviceId, keyCeremoniesApi.openKeyCeremony, { body }),
    meta: { inlineErrorStatuses: [400, 409] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyCeremonyKeys(serviceId).lists() }),
  });
}

/** The caller's component with the KCV they confirmed; gcTime 0 drops the value from the mutation cache at once. */
export function useEnterComponent(serviceId: string) {
  const changed = useCeremonyChanged(serviceId);
  return useMutation({
    mutationFn: ({ id, value, kcv }: { id: string; value: string; kcv: string }) =>
      serviceCall(serviceId, keyCeremoniesApi.enterCeremonyComponent, { params: { ceremony_id: id }, body: { value, kcv } }),
    gcTime: 0,
    meta: { inlineErrorStatuses: [400, 404, 409] },
    onSuccess: changed,
  });
}

export function useCancelCeremony(serviceId: string) {
  const changed = useCeremonyChanged(serviceId);
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      serviceCall(serviceId, keyCeremoniesApi.cancelKeyCeremony, { params: { ceremony_id: id }, body: { reason } }),
    meta: { inlineErrorStatuses: [400, 409] },
    onSuccess: changed,
  });
}

/** The ceremony's record for auditors, saved as a CSV file. */
export function useDownloadRecord(serviceId: string) {
  return useMutation({
    mutationFn: async (ceremony: Pick<KeyCeremony, 'id' | 'name'>) => {
      const csv = await serviceDownload(serviceId, keyCeremoniesApi.keyCeremonyRecord, { params: { ceremony_id: ceremony.id } });
      saveFile(`key-ceremony-${ceremony.name.replace(/[^\w.-]+/g, '_')}.csv`, csv, 'text/csv');
    },
    meta: { errorContext: 'Could not download the ceremony record' },
  });
}
