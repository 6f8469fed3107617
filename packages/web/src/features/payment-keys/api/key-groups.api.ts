import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KeyRetrievalAlgorithm } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { paymentKeyKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';

/** A new group starts static: DUKPT needs a BDK in the group first, so it is switched to afterwards. */
export function useCreateKeyGroup(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      serviceCall(serviceId, paymentKeysApi.createKeyGroups, { body: { groups: [{ name, key_retrieval_algorithm: 'static' }] } }),
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/** Deletes each group on its own; a group still holding keys is refused (its line says so). */
export function useDeleteKeyGroups(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: string[]) => serviceCall(serviceId, paymentKeysApi.deleteKeyGroups, { body: { groups } }),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}

/** Changes the key retrieval algorithm of each group on its own; DUKPT needs an active BDK of the matching algorithm. */
export function useChangeKeyRetrieval(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groups, algorithm }: { groups: string[]; algorithm: KeyRetrievalAlgorithm }) =>
      serviceCall(serviceId, paymentKeysApi.changeKeyRetrievalAlgorithm, { body: { groups, key_retrieval_algorithm: algorithm } }),
    meta: { inlineErrorStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeyKeys(serviceId).all }),
  });
}
