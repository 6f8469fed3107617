import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceAddresses, ServiceAddressesUpdate } from '@keydeck/contract/service-addresses';
import { serviceAddressesApi } from '@keydeck/contract/service-addresses.api';
import { sendConfirmedChange } from '../../../lib/confirmed-change';
import { serviceAddressKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';

/** GET service/allowed_addresses: the current service's list and the caller's own address. */
export const serviceAddressesQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceAddressKeys(serviceId).all,
    queryFn: ({ signal }) => serviceCall(serviceId, serviceAddressesApi.listServiceAllowedAddresses, { signal }),
    meta: { errorContext: 'Could not load the allowed IP addresses' },
  });

/**
 * PUT service/allowed_addresses: replaces the whole list. A list that leaves the caller's own address outside is
 * confirmed first (the server's 409 in its own words); resolves null when the user says No. Bad rows (400) show
 * under their fields.
 */
export function useSaveServiceAddresses(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addresses: ServiceAddressesUpdate['allowed_addresses']): Promise<ServiceAddresses | null> =>
      sendConfirmedChange((confirmed) =>
        serviceCall(serviceId, serviceAddressesApi.replaceServiceAllowedAddresses, { body: { allowed_addresses: addresses, confirm: confirmed } }),
      ),
    meta: { errorContext: 'Could not save the allowed IP addresses', inlineErrorStatuses: [400] },
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(serviceAddressKeys(serviceId).all, saved);
    },
  });
}
