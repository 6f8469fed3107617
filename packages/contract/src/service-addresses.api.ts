import { serviceAddresses, serviceAddressesUpdate } from './service-addresses.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** The current service's own allowed IP addresses (spec §1), on top of the account's allowlist. */
export const serviceAddressesApi = endpoints({ product: 'cryptohub', tag: 'Service settings' }, {
  listServiceAllowedAddresses: {
    method: 'GET', path: ApiPath.serviceAllowedAddresses, responses: { 200: serviceAddresses },
    summary: 'List service allowed addresses', description: 'Lists the addresses allowed to reach the current service.',
  },
  replaceServiceAllowedAddresses: {
    method: 'PUT', path: ApiPath.serviceAllowedAddresses, body: serviceAddressesUpdate, responses: { 200: serviceAddresses },
    summary: 'Set service allowed addresses', description: 'Replaces the list of addresses allowed to reach the current service.',
  },
});
