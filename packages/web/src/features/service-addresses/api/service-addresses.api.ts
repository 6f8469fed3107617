import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import { serviceAddresses, type ServiceAddresses, type ServiceAddressesUpdate } from '@keydeck/contract/service-addresses';
import { sendConfirmedChange } from '../../../lib/confirmed-change';
import { serviceAddressKeys } from '../../../lib/query-keys';
import { serviceRequest } from '../../../lib/service-session';

/** GET service/allowed_addresses: the current service's list and the caller's own address. */
export const serviceAddressesQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceAddressKeys(serviceId).all,
    queryFn: ({ signal }) => serviceRequest(serviceId, ApiPath.serviceAllowedAddresses, { schema: serviceAddresses, signal }),
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
        serviceRequest(serviceId, ApiPath.serviceAllowedAddresses, {
          method: 'PUT',
          body: { allowed_addresses: addresses, confirm: confirmed },
          schema: serviceAddresses,
        }),
      ),
    meta: { errorContext: 'Could not save the allowed IP addresses', inlineErrorStatuses: [400] },
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(serviceAddressKeys(serviceId).all, saved);
    },
  });
}
