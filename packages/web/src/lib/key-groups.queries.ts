import { queryOptions } from '@tanstack/react-query';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { keyGroupKeys } from './query-keys';
import { serviceCall } from './service-session';

// A service's key groups as several features read them (the symmetric keys' groups panel, a new key's group picker
// in the key forms and in a key ceremony); the payment-keys feature owns their changes.

/** The service's key groups, with their key retrieval algorithm, key count and DUKPT BDK. */
export const keyGroupsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: keyGroupKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceCall(serviceId, paymentKeysApi.listKeyGroups, { signal }),
    meta: { errorContext: 'Could not load the key groups' },
  });
