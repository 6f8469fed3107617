import type { DatacenterFields, GlobalServerFields } from '@keydeck/contract/datacenters';
import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import { type datacentersQuery, type globalServersQuery } from '@keydeck/contract/infrastructure-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { datacenterKeys, globalServerKeys, useInfrastructureChange } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type DatacentersQuery = z.output<typeof datacentersQuery>;
type GlobalServersQuery = z.output<typeof globalServersQuery>;

export const datacentersQueryOptions = (query: DatacentersQuery) =>
  listQueryOptions({
    queryKey: datacenterKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listDatacenters, { query, signal }),
    meta: { errorContext: 'Could not load the datacenters' },
  });

/** Every datacenter by name, as far as one page reaches: the platform has a handful, pickers and the overview list them all. */
export const allDatacentersQueryOptions = () => datacentersQueryOptions({ page: 1, page_size: MAX_PAGE_SIZE, order_by: 'name', order: 'asc' });

export const globalServersQueryOptions = (query: GlobalServersQuery) =>
  listQueryOptions({
    queryKey: globalServerKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listGlobalServers, { query, signal }),
    meta: { errorContext: 'Could not load the servers' },
  });

/** Creates (no id) or replaces (PUT) a datacenter; one form serves both. */
export function useSaveDatacenter() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: DatacenterFields }) =>
      (id
        ? await callApi(infrastructureApi.updateDatacenter, { params: { datacenter_id: id }, body: fields })
        : await callApi(infrastructureApi.createDatacenter, { body: fields })
      ).data,
    { errorContext: 'Could not save the datacenter', form: true },
  );
}

export function useDeleteDatacenter() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteDatacenter, { params: { datacenter_id: id } }),
    { inDialog: true },
  );
}

export function useSaveGlobalServer() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: GlobalServerFields }) =>
      (id
        ? await callApi(infrastructureApi.updateGlobalServer, { params: { server_id: id }, body: fields })
        : await callApi(infrastructureApi.createGlobalServer, { body: fields })
      ).data,
    { errorContext: 'Could not save the server', form: true },
  );
}

export function useDeleteGlobalServer() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteGlobalServer, { params: { server_id: id } }),
    { inDialog: true },
  );
}
