import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  familyOf,
  type TransferFamily,
  type TransferProtocol,
  type TransferServer,
  type TransferServerCreate,
  type TransferServerUpdate,
  type TransferServersResultResponse,
} from '@keydeck/contract/transfer';
import { transferApi, transferFamilyApi } from '@keydeck/contract/transfer.api';
import { transferKeys, transferServerKeys } from '../../../lib/query-keys';
import { serviceCall } from '../../../lib/service-session';

export type TransferResult = TransferServersResultResponse['results'][number];

/** Mutations whose variables carry a password or private key: dropped from the mutation cache once no dialog observes them. */
const SECRET_GC_TIME = 0;

/** Each family has its own endpoints: service/scp_servers holds SFTP and SCP, service/ftp_servers FTP and FTPS. */
const FAMILIES: TransferFamily[] = ['scp', 'ftp'];
const isFtp = <T extends { protocol: TransferProtocol }>(server: T): server is Extract<T, { protocol: 'ftp' | 'ftps' }> => familyOf(server.protocol) === 'ftp';

/**
 * Every transfer server of the service, both families in one list by name. A secret never comes back: a server
 * carries its sign-in method, and for key sign-in the public half to install on the remote account.
 */
export const transferServersQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: transferServerKeys(serviceId).lists(),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        FAMILIES.map((family) => serviceCall(serviceId, transferFamilyApi[family].list, { query: { service_id: serviceId }, signal })),
      );
      const servers = lists.flatMap((list) => list.servers).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
      return { servers };
    },
    meta: { errorContext: 'Could not load the transfer servers' },
  });

/** A batch row the server refused (answered 200 with success false): the form shows its words above the fields. */
export class RowRefused extends Error {}

/** The row's result, or its refusal thrown, so a form keeps its values and shows why. */
function rowOf({ results }: TransferServersResultResponse): TransferResult {
  const row = results[0]!;
  if (!row.success) throw new RowRefused(row.message);
  return row;
}

/** Adds one server; the answer carries it (with the public key to install, for key sign-in). */
export function useCreateTransferServer(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (server: TransferServerCreate) =>
      rowOf(
        isFtp(server)
          ? await serviceCall(serviceId, transferApi.createFtpServers, { body: { servers: [server] } })
          : await serviceCall(serviceId, transferApi.createScpServers, { body: { servers: [server] } }),
      ),
    gcTime: SECRET_GC_TIME,
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}

/** Changes one server; its secret is kept when left out, unless where it goes or how it signs in changed. */
export function useUpdateTransferServer(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (server: TransferServerUpdate) =>
      rowOf(
        isFtp(server)
          ? await serviceCall(serviceId, transferApi.updateFtpServers, { body: { servers: [server] } })
          : await serviceCall(serviceId, transferApi.updateScpServers, { body: { servers: [server] } }),
      ),
    gcTime: SECRET_GC_TIME,
    meta: { inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}

/** Deletes servers by name, each family on its path; one result line a server, in the order given. */
export function useDeleteTransferServers(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (servers: TransferServer[]): Promise<TransferResult[]> => {
      const results: TransferResult[] = [];
      for (const family of FAMILIES) {
        const names = servers.filter((server) => familyOf(server.protocol) === family).map((server) => server.name);
        if (names.length === 0) continue;
        const answer = await serviceCall(serviceId, transferFamilyApi[family].remove, { body: { servers: names } });
        results.push(...answer.results);
      }
      return results;
    },
    meta: { refusalsShownInline: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}

/**
 * Connects, signs in and lists the remote directory (within 10 s). An SSH server's host key is recorded on the way:
 * the host keys and the servers' key state refresh.
 */
export function useTestTransferServer(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (server: TransferServer) => {
      const { test_result } = await serviceCall(serviceId, transferFamilyApi[familyOf(server.protocol)].test, { body: { name: server.name } });
      return test_result;
    },
    meta: { errorContext: 'Could not test the connection' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferKeys(serviceId).all }),
  });
}
