import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import type { ProvisionerGroupFields, ProvisionerUpdate } from '@keydeck/contract/provisioners';
import { type provisionerGroupsQuery, type provisionersQuery } from '@keydeck/contract/infrastructure-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { provisionerGroupKeys, provisionerKeys, useInfrastructureChange } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type ProvisionerGroupsQuery = z.output<typeof provisionerGroupsQuery>;
type ProvisionersQuery = z.output<typeof provisionersQuery>;

/** Provisioners heartbeat every 15 s: the list asks as often, so Up and Down and the relative times stay true. */
const HEARTBEAT_REFRESH_MS = 15_000;

export const provisionerGroupsQueryOptions = (query: ProvisionerGroupsQuery) =>
  listQueryOptions({
    queryKey: provisionerGroupKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listProvisionerGroups, { query, signal }),
    meta: { errorContext: 'Could not load the provisioner groups' },
  });

/** Every group by name, for the pickers of blueprints and provisioners. */
export const allProvisionerGroupsQueryOptions = () =>
  provisionerGroupsQueryOptions({ page: 1, page_size: MAX_PAGE_SIZE, order_by: 'name', order: 'asc' });

export const provisionersQueryOptions = (query: ProvisionersQuery) =>
  listQueryOptions({
    queryKey: provisionerKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listProvisioners, { query, signal }),
    refetchInterval: HEARTBEAT_REFRESH_MS,
    meta: { errorContext: 'Could not load the provisioners' },
  });

export function useSaveProvisionerGroup() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: ProvisionerGroupFields }) =>
      (id
        ? await callApi(infrastructureApi.updateProvisionerGroup, { params: { group_id: id }, body: fields })
        : await callApi(infrastructureApi.createProvisionerGroup, { body: fields })
      ).data,
    { errorContext: 'Could not save the provisioner group', form: true },
  );
}

export function useDeleteProvisionerGroup() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteProvisionerGroup, { params: { group_id: id } }),
    { inDialog: true },
  );
}

/** Places a provisioner in a group (or none) and drains it or puts it back in service. */
export function useUpdateProvisioner() {
  return useInfrastructureChange(
    async ({ id, change }: { id: string; change: ProvisionerUpdate }) =>
      (await callApi(infrastructureApi.updateProvisioner, { params: { provisioner_id: id }, body: change })).data,
    { errorContext: 'Could not change the provisioner', form: true },
  );
}

export function useDeleteProvisioner() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteProvisioner, { params: { provisioner_id: id } }),
    { inDialog: true },
  );
}
