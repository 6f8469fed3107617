import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Cluster } from '@keydeck/contract/cloud-hsms';
import { clustersApi } from '@keydeck/contract/clusters.api';
import { callApi } from '../../../lib/api-client';
import type { ClustersSearch } from '../cloud-hsms.search';
import type { ServiceRef } from './cloud-hsms.api';
import { clusterKeys, useInvalidateCloud } from './cloud-keys';
import { listQueryOptions } from '../../../lib/list-query';

/** Syncs run in the background: while a member is Joining, or a sync asked for is not recorded yet, the list is asked again this often. */
export const SYNC_REFRESH_MS = 2_000;

const serviceParams = ({ accountId, serviceId }: ServiceRef) => ({ account_id: accountId, service_id: serviceId });

/**
 * A page of the service's clusters, each with its members. `watched` holds the clusters whose sync was asked for, with
 * the last sync they had then: they are watched until it moves on.
 */
export const clustersQueryOptions = (service: ServiceRef, search: ClustersSearch, watched: ReadonlyMap<string, string | null> = new Map()) =>
  listQueryOptions({
    queryKey: clusterKeys.list({ ...service, ...search }),
    queryFn: ({ signal }) => callApi(clustersApi.listClusters, { params: serviceParams(service), query: search, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some(
        (cluster) => cluster.members.some((member) => member.status === 'Joining') || (watched.has(cluster.id) && watched.get(cluster.id) === cluster.last_sync_at),
      )
        ? SYNC_REFRESH_MS
        : false,
    meta: { errorContext: 'Could not load the clusters' },
  });

/** The cluster's members and the account's cloud HSMs that may join it (Enabled, in no cluster). */
export const clusterMembersQueryOptions = (clusterId: string) =>
  queryOptions({
    queryKey: clusterKeys.detail(clusterId, 'members'),
    queryFn: ({ signal }) => callApi(clustersApi.listClusterMembers, { params: { cluster_id: clusterId }, signal }),
    meta: { errorContext: 'Could not load the cluster’s members' },
  });

/** Creates a cluster; its cluster key is generated and sealed on the server. */
export function useCreateCluster(service: ServiceRef) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (name: string) => (await callApi(clustersApi.createCluster, { params: serviceParams(service), body: { name } })).data,
    meta: { errorContext: 'Could not create the cluster', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}

/** Deletes a cluster; its members stay, released (a cluster with members needs confirm). */
export function useDeleteCluster() {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: (cluster: Cluster) => callApi(clustersApi.deleteCluster, { params: { cluster_id: cluster.id }, body: { confirm: cluster.member_count > 0 } }),
    meta: { refusalsShownInline: true },
    onSuccess: invalidate,
  });
}

/** Adds an HSM to the cluster; the keys it lacks are copied to it, and its own to the others. */
export function useAddClusterMember(clusterId: string) {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (hsmId: string) => (await callApi(clustersApi.addClusterMember, { params: { cluster_id: clusterId }, body: { hsm_id: hsmId } })).data,
    meta: { errorContext: 'Could not add the member', inlineErrorStatuses: [400, 409] },
    onSuccess: invalidate,
  });
}

/** Removes a member: it keeps its keys and leaves the cluster's sync. */
export function useRemoveClusterMember() {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async ({ clusterId, hsmId }: { clusterId: string; hsmId: string }) =>
      (await callApi(clustersApi.removeClusterMember, { params: { cluster_id: clusterId, hsm_id: hsmId } })).data,
    meta: { refusalsShownInline: true },
    onSuccess: invalidate,
  });
}

/** Copies every key a member lacks to it, now. */
export function useSyncCluster() {
  const invalidate = useInvalidateCloud();
  return useMutation({
    mutationFn: async (clusterId: string) => (await callApi(clustersApi.syncCluster, { params: { cluster_id: clusterId } })).data,
    meta: { errorContext: 'Could not sync the cluster' },
    onSuccess: invalidate,
  });
}
