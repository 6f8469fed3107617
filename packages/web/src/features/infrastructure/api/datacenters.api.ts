import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { datacenterResponse, datacentersPage, globalServerResponse, globalServersPage, type DatacenterFields, type GlobalServerFields } from '@keydeck/contract/datacenters';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { type datacentersQuery, type globalServersQuery } from '@keydeck/contract/infrastructure-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { datacenterKeys, globalServerKeys, useInfrastructureChange } from './infrastructure-keys';

type DatacentersQuery = z.output<typeof datacentersQuery>;
type GlobalServersQuery = z.output<typeof globalServersQuery>;

export const datacentersQueryOptions = (query: DatacentersQuery) =>
  queryOptions({
    queryKey: datacenterKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.datacenters}?${toQueryString(query)}`, { schema: datacentersPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the datacenters' },
  });

/** Every datacenter by name, as far as one page reaches: the platform has a handful, pickers and the overview list them all. */
export const allDatacentersQueryOptions = () => datacentersQueryOptions({ page: 1, page_size: MAX_PAGE_SIZE, order_by: 'name', order: 'asc' });

export const globalServersQueryOptions = (query: GlobalServersQuery) =>
  queryOptions({
    queryKey: globalServerKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.globalServers}?${toQueryString(query)}`, { schema: globalServersPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the servers' },
  });

/** Creates (no id) or replaces (PUT) a datacenter; one form serves both. */
export function useSaveDatacenter() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: DatacenterFields }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.datacenter, { datacenter_id: id }) : ApiPath.datacenters, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: datacenterResponse,
        })
      ).data,
    { errorContext: 'Could not save the datacenter', form: true },
  );
}

export function useDeleteDatacenter() {
  return useInfrastructureChange(
    (id: string) => apiRequest(apiPath(ApiPath.datacenter, { datacenter_id: id }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not delete the datacenter' },
  );
}

export function useSaveGlobalServer() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: GlobalServerFields }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.globalServer, { server_id: id }) : ApiPath.globalServers, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: globalServerResponse,
        })
      ).data,
    { errorContext: 'Could not save the server', form: true },
  );
}

export function useDeleteGlobalServer() {
  return useInfrastructureChange(
    (id: string) => apiRequest(apiPath(ApiPath.globalServer, { server_id: id }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not delete the server' },
  );
}
