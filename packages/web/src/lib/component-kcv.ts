import { useMutation } from '@tanstack/react-query';
import type { KeyAlgorithm } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { serviceCall } from './service-session';

/**
 * One key component's KCV, computed by the server so its custodian can compare it with the paperwork (the component
 * import of the symmetric keys, a key ceremony). gcTime 0: the component sent is dropped from the mutation cache as
 * soon as no screen observes it.
 */
export function useComponentKcv(serviceId: string) {
  return useMutation({
    mutationFn: (body: { algorithm: KeyAlgorithm; value: string }) => serviceCall(serviceId, paymentKeysApi.componentKcv, { body }),
    gcTime: 0,
    meta: { inlineErrorStatuses: [400] },
  });
}
