import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SymmetricKeyCreate, SymmetricKeysQuery } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import { paymentKeyKeys, symmetricKeyKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';
import { listQueryOptions } from '../../../lib/list-query';
import { isPendingApproval } from '../../../lib/approvals';

export type KeyListState = SymmetricKeysQuery;
export type KeyAction = 'activate' | 'disable' | 'retire' | 'rotate';

/**
 * Mutations whose variables or answer carry key material (components, key blocks): gcTime 0 drops them from the
 * mutation cache as soon as no screen observes them, so nothing secret outlives the dialog that showed it.
 */
export const SECRET_GC_TIME = 0;

/** Refusals the export and load dialogs show in their own alert (unknown key or device, key not exportable or not active). */
export const DIALOG_REFUSALS = [400, 404, 409] as const;

/** A page of the service's symmetric keys: by name, in a group, in a state. */
export const symmetricKeysQueryOptions = (serviceId: string, state: KeyListState) =>
  listQueryOptions({
    queryKey: symmetricKeyKeys(serviceId).list(state),
    queryFn: ({ signal }) => serviceCall(serviceId, paymentKeysApi.listSymmetricKeys, { query: state, signal }),
    meta: { errorContext: 'Could not load the symmetric keys' },
  });

/** Every event of a key (created, rotated, exported, assigned…) with the KCV at the time, and its key slots. */
export const keyHistoryQueryOptions = (serviceId: string, name: string) =>
  queryOptions({
    queryKey: symmetricKeyKeys(serviceId).detail(name, 'history'),
    queryFn: ({ signal }) => serviceCall(serviceId, paymentKeysApi.symmetricKeyHistory, { query: { key: name }, signal }),
    meta: { errorContext: `Could not load the history of ${name}` },
  });

/**
 * Creates one key (generated, combined from components, or unwrapped from a TR-31 block). The batch endpoint
 * answers 200 with the row's result: a refused row comes back as `success: false` with the server's words.
 */
export function useCreateSymmetricKey(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: SymmetricKeyCreate) => {
      const answer = await serviceCall(serviceId, paymentKeysApi.createSymmetricKeys, { body: { symmetric_keys: [key] } });
      return isPendingApproval(answer) ? answer : answer.results[0]!;
    },
    gcTime: SECRET_GC_TIME,
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/** Activate, disable, retire or rotate keys, each on its own; one result line a key. */
export function useUpdateSymmetricKeys(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ names, action }: { names: string[]; action: KeyAction }) =>
      serviceCall(serviceId, paymentKeysApi.updateSymmetricKeys, { body: { symmetric_keys: names, action } }),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/** Deletes keys, each on its own: a key in a key slot or serving as a DUKPT group's BDK stays. */
export function useDeleteSymmetricKeys(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => serviceCall(serviceId, paymentKeysApi.deleteSymmetricKeys, { body: { symmetric_keys: names } }),
    meta: { errorContext: 'Could not delete the keys' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/** The key wrapped under a KBPK as a TR-31 key block. The answer lives in the mutation only: reset() forgets it. */
export function useExportSymmetricKey(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; kbpk: string }) =>
      serviceCall(serviceId, paymentKeysApi.exportSymmetricKey, { body }),
    gcTime: SECRET_GC_TIME,
    meta: { inlineErrorStatuses: DIALOG_REFUSALS },
    // The export is an event of the key's history.
    onSuccess: (_answer, { key }) => queryClient.invalidateQueries({ queryKey: symmetricKeyKeys(serviceId).detail(key) }),
  });
}

/**
 * Active keys for a picker (a KBPK, the key of a slot), by name: the first MAX_PAGE_SIZE matching the typed text,
 * so in a service with many keys typing narrows the choice on the server.
 */
export const activeKeysQueryOptions = (serviceId: string, search: string | undefined) =>
  listQueryOptions({
    queryKey: symmetricKeyKeys(serviceId).list({ picker: true, search }),
    queryFn: ({ signal }) => {
      const query = { state: 'active', page_size: MAX_PAGE_SIZE, order_by: 'name', search } as const;
      return serviceCall(serviceId, paymentKeysApi.listSymmetricKeys, { query, signal });
    },
    meta: { errorContext: 'Could not load the keys' },
  });
