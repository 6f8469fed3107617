import { queryOptions } from '@tanstack/react-query';
import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import { queryKeys } from './query-keys';
import { serviceCall } from './service-session';

// A service's key custodians and its ceremony policy as several features read them (the key ceremonies section, the
// symmetric keys' one-screen component import, offered only when the policy allows single-operator entry); the
// key-ceremonies feature owns their changes.

/** Key ceremonies and custodians: a ceremony's change refreshes the list, a custodians' change the policy too. */
export const keyCeremonyKeys = (serviceId: string) => queryKeys('key-ceremonies', serviceId);
export const keyCustodianKeys = (serviceId: string) => queryKeys('key-ceremonies', serviceId, 'custodians');

/** GET service/key_custodians: who is designated, who could be, and the service's ceremony policy. */
export const keyCustodiansQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: keyCustodianKeys(serviceId).all,
    queryFn: ({ signal }) => serviceCall(serviceId, keyCeremoniesApi.getKeyCustodians, { signal }),
    meta: { errorContext: 'Could not load the key custodians' },
  });
