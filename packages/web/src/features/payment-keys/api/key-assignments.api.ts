import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyAssignmentsQuery } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { keyAssignmentKeys, paymentKeyKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';
import { DIALOG_REFUSALS, SECRET_GC_TIME } from './symmetric-keys.api';
import { listQueryOptions } from '../../../lib/list-query';

export type AssignmentListState = KeyAssignmentsQuery;
export type AssignmentSlot = { group: string; key_slot: number };

/** A page of the key-slot assignments; search matches a device group or key name fragment. */
export const keyAssignmentsQueryOptions = (serviceId: string, state: AssignmentListState) =>
  listQueryOptions({
    queryKey: keyAssignmentKeys(serviceId).list(state),
    queryFn: ({ signal }) => serviceCall(serviceId, paymentKeysApi.listKeyAssignments, { query: state, signal }),
    meta: { errorContext: 'Could not load the key assignments' },
  });

/** Assigns keys to device group slots, each on its own; a taken slot is refused in its line. */
export function useCreateKeyAssignments(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: (AssignmentSlot & { key: string })[]) =>
      serviceCall(serviceId, paymentKeysApi.createKeyAssignments, { body: { key_assignments: rows } }),
    meta: { inlineErrorStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

export function useDeleteKeyAssignments(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: AssignmentSlot[]) =>
      serviceCall(serviceId, paymentKeysApi.deleteKeyAssignments, { body: { key_assignments: rows } }),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/**
 * What one device loads into one slot, as a TR-31 key block under a KBPK (for DUKPT, the device's initial key and
 * KSN). The answer lives in the mutation only: reset() forgets it.
 */
export function useLoadKey(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { serial: string; key_slot: number; kbpk: string }) =>
      serviceCall(serviceId, paymentKeysApi.loadDeviceKey, { body }),
    gcTime: SECRET_GC_TIME,
    meta: { inlineErrorStatuses: DIALOG_REFUSALS },
    // A load is an event of the key's history and marks the device loaded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}
