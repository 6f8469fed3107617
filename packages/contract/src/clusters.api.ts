import {
  clusterCreateBody,
  clusterDeleteBody,
  clusterMemberAddBody,
  clusterMemberParams,
  clusterMembersResponse,
  clusterParams,
  clusterResponse,
  clustersPage,
  clustersParams,
} from './cloud-hsms.ts';
import { clustersQuery } from './cloud-hsms-queries.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Clusters of cloud HSMs in a cluster_management service (spec §2 cluster-management/clusters) and their members. */
export const clustersApi = endpoints({ product: 'cloud-product', tag: 'Clusters' }, {
  listClusters: {
    method: 'GET', path: ApiPath.clusters, params: clustersParams, query: clustersQuery, responses: { 200: clustersPage },
    summary: 'List a service\'s clusters', description: 'Lists the HSM clusters of one of the account\'s services.',
  },
  createCluster: {
    method: 'POST', path: ApiPath.clusters, params: clustersParams, body: clusterCreateBody, responses: { 201: clusterResponse },
    summary: 'Create a cluster', description: 'Creates an HSM cluster in the service.',
  },
  getCluster: {
    method: 'GET', path: ApiPath.cluster, params: clusterParams, responses: { 200: clusterResponse },
    summary: 'Get a cluster', description: 'Returns one HSM cluster with its state.',
  },
  deleteCluster: {
    method: 'DELETE', path: ApiPath.cluster, params: clusterParams, body: clusterDeleteBody, responses: { 200: clusterResponse },
    summary: 'Delete a cluster', description: 'Deletes an HSM cluster.',
  },
  listClusterMembers: {
    method: 'GET', path: ApiPath.clusterMembers, params: clusterParams, responses: { 200: clusterMembersResponse },
    summary: 'List cluster members', description: 'Lists the cloud HSMs in a cluster.',
  },
  addClusterMember: {
    method: 'POST', path: ApiPath.clusterMembers, params: clusterParams, body: clusterMemberAddBody, responses: { 200: clusterResponse },
    summary: 'Add a cluster member', description: 'Adds a cloud HSM to a cluster.',
  },
  removeClusterMember: {
    method: 'DELETE', path: ApiPath.clusterMember, params: clusterMemberParams, responses: { 200: clusterResponse },
    summary: 'Remove a cluster member', description: 'Removes a cloud HSM from a cluster.',
  },
  syncCluster: {
    method: 'POST', path: ApiPath.clusterSync, params: clusterParams, responses: { 202: clusterResponse },
    summary: 'Synchronise a cluster', description: 'Starts a synchronisation of the cluster\'s members now and answers 202 with the cluster.',
  },
});
