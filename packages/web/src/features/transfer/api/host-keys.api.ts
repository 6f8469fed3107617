import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HostKey, HostKeyRef } from '@keydeck/contract/transfer';
import { transferApi } from '@keydeck/contract/transfer.api';
import { hostKeyKeys, transferKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';

/** The SSH host keys the service's SFTP/SCP servers presented: trusted, or pending an operator's confirmation. */
export const hostKeysQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: hostKeyKeys(serviceId).lists(),
    queryFn: ({ signal }) => serviceCall(serviceId, transferApi.listHostKeys, { query: { service_id: serviceId }, signal }),
    meta: { errorContext: 'Could not load the host keys' },
  });

/** How a host key is named on screen and in the server's answers: its host and port. */
export const endpointOf = (key: { host: string; port: number }) => (key.host.includes(':') ? `[${key.host}]:${key.port}` : `${key.host}:${key.port}`);

/** The reference the server takes: where the key was seen and the fingerprint the operator compared. */
export const hostKeyRef = (key: Pick<HostKey, 'host' | 'port' | 'fingerprint'>): HostKeyRef => ({ host: key.host, port: key.port, fingerprint: key.fingerprint });

/**
 * Trusts a pending key. The fingerprint sent is the one the operator compared: the server trusts the key only if it
 * is still the one presented, so a key recorded since (another change) is not trusted by mistake.
 */
export function useTrustHostKey(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: HostKeyRef) => {
      const { results } = await serviceCall(serviceId, transferApi.trustHostKeys, { body: { host_keys: [key] } });
      return results[0]!;
    },
    // A refused fingerprint comes back as the row's result; a refused body is shown in the dialog.
    meta: { errorContext: 'Could not trust the host key', inlineErrorStatuses: [400] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}

/** Forgets keys: the next connection records the key the server presents, pending confirmation again. */
export function useForgetHostKeys(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: HostKeyRef[]) => serviceCall(serviceId, transferApi.forgetHostKeys, { body: { host_keys: keys } }),
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}
