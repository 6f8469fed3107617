import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { infrastructureDeletedResponse } from '@keydeck/contract/infrastructure';
import { ipamAllocationsPage, ipamPoolResponse, ipamZoneResponse, ipamZonesPage, type IpamZoneFields } from '@keydeck/contract/ipam';
import { type ipamAllocationsQuery, type ipamZonesQuery } from '@keydeck/contract/infrastructure-queries';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../lib/query-string';
import { ipamZoneKeys, useInfrastructureChange } from './infrastructure-keys';

type IpamZonesQuery = z.output<typeof ipamZonesQuery>;
type IpamAllocationsQuery = z.output<typeof ipamAllocationsQuery>;

export const ipamZonesQueryOptions = (query: IpamZonesQuery) =>
  queryOptions({
    queryKey: ipamZoneKeys.list(query),
    queryFn: ({ signal }) => apiRequest(`${ApiPath.ipamZones}?${toQueryString(query)}`, { schema: ipamZonesPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the IPAM zones' },
  });

/** Every zone by name, for the provisioner group's zone picker. */
export const allIpamZonesQueryOptions = () => ipamZonesQueryOptions({ page: 1, page_size: MAX_PAGE_SIZE, order_by: 'name', order: 'asc' });

export const ipamAllocationsQueryOptions = (zoneId: string, query: IpamAllocationsQuery) =>
  queryOptions({
    queryKey: ipamZoneKeys.detail(zoneId, 'allocations', toQueryString(query)),
    queryFn: ({ signal }) =>
      apiRequest(`${apiPath(ApiPath.ipamAllocations, { zone_id: zoneId })}?${toQueryString(query)}`, { schema: ipamAllocationsPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorContext: 'Could not load the allocations' },
  });

export function useSaveIpamZone() {
  return useInfrastructureChange(
    async ({ id, fields }: { id?: string; fields: IpamZoneFields }) =>
      (
        await apiRequest(id ? apiPath(ApiPath.ipamZone, { zone_id: id }) : ApiPath.ipamZones, {
          method: id ? 'PUT' : 'POST',
          body: fields,
          schema: ipamZoneResponse,
        })
      ).data,
    { errorContext: 'Could not save the IPAM zone', form: true },
  );
}

export function useDeleteIpamZone() {
  return useInfrastructureChange(
    (id: string) => apiRequest(apiPath(ApiPath.ipamZone, { zone_id: id }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not delete the IPAM zone' },
  );
}

/** Adds a CIDR pool; an overlap or a CIDR with host bits comes back on the cidr field. */
export function useAddIpamPool() {
  return useInfrastructureChange(
    async ({ zoneId, cidr }: { zoneId: string; cidr: string }) =>
      (await apiRequest(apiPath(ApiPath.ipamPools, { zone_id: zoneId }), { method: 'POST', body: { cidr }, schema: ipamPoolResponse })).data,
    { errorContext: 'Could not add the pool', form: true },
  );
}

export function useRemoveIpamPool() {
  return useInfrastructureChange(
    ({ zoneId, poolId }: { zoneId: string; poolId: string }) =>
      apiRequest(apiPath(ApiPath.ipamPool, { zone_id: zoneId, pool_id: poolId }), { method: 'DELETE', schema: infrastructureDeletedResponse }),
    { errorContext: 'Could not remove the pool' },
  );
}
