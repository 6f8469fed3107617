import { queryString } from '@keydeck/contract/endpoint';
import { infrastructureApi } from '@keydeck/contract/infrastructure.api';
import type { IpamZoneFields } from '@keydeck/contract/ipam';
import { type ipamAllocationsQuery, type ipamZonesQuery } from '@keydeck/contract/infrastructure-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';
import { ipamZoneKeys, useInfrastructureChange } from './infrastructure-keys';
import { listQueryOptions } from '../../../lib/list-query';

type IpamZonesQuery = z.output<typeof ipamZonesQuery>;
type IpamAllocationsQuery = z.output<typeof ipamAllocationsQuery>;

export const ipamZonesQueryOptions = (query: IpamZonesQuery) =>
  listQueryOptions({
    queryKey: ipamZoneKeys.list(query),
    queryFn: ({ signal }) => callApi(infrastructureApi.listIpamZones, { query, signal }),
    meta: { errorContext: 'Could not load the IPAM zones' },
  });

/** Every zone by name, for the provisioner group's zone picker. */
export const allIpamZonesQueryOptions = () => ipamZonesQueryOptions({ page: 1, page_size: MAX_PAGE_SIZE, order_by: 'name', order: 'asc' });

export const ipamAllocationsQueryOptions = (zoneId: string, query: IpamAllocationsQuery) =>
  listQueryOptions({
    queryKey: ipamZoneKeys.detail(zoneId, 'allocations', queryString(query)),
    queryFn: ({ signal }) => callApi(infrastructureApi.listIpamAllocations, { params: { zone_id: zoneId }, query, signal }),
    meta: { errorContext: 'Could not load the allocations' },
  });

export function useSaveIpamZone() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: IpamZoneFields }) =>
      (id
        ? await callApi(infrastructureApi.updateIpamZone, { params: { zone_id: id }, body: fields })
        : await callApi(infrastructureApi.createIpamZone, { body: fields })
      ).data,
    { errorContext: 'Could not save the IPAM zone', form: true },
  );
}

export function useDeleteIpamZone() {
  return useInfrastructureChange(
    (id: string) => callApi(infrastructureApi.deleteIpamZone, { params: { zone_id: id } }),
    { inDialog: true },
  );
}

/** Adds a CIDR pool; an overlap or a CIDR with host bits comes back on the cidr field. */
export function useAddIpamPool() {
  return useInfrastructureChange(
    async ({ zoneId, cidr }: { zoneId: string; cidr: string }) =>
      (await callApi(infrastructureApi.addIpamPool, { params: { zone_id: zoneId }, body: { cidr } })).data,
    { errorContext: 'Could not add the pool', form: true },
  );
}

export function useRemoveIpamPool() {
  return useInfrastructureChange(
    ({ zoneId, poolId }: { zoneId: string; poolId: string }) =>
      callApi(infrastructureApi.removeIpamPool, { params: { zone_id: zoneId, pool_id: poolId } }),
    { inDialog: true },
  );
}
