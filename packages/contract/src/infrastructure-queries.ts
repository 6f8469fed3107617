import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/**
 * The infrastructure lists' queries (paging, sorting, filters), apart from the area's other schemas: the web's route
 * table validates URLs with them, so they load with the app's first chunk and must stay small (no ipaddr.js).
 */
const id = z.string().uuid();

export const datacentersQuery = pagingQuery(['name', 'code', 'location', 'created_at'], 'name');

export const globalServersQuery = pagingQuery(['hostname', 'address', 'role', 'status', 'datacenter_name', 'created_at'], 'hostname').extend({
  datacenter_id: id.optional(),
});

export const ipamZonesQuery = pagingQuery(['name', 'datacenter_name', 'created_at'], 'name').extend({ datacenter_id: id.optional() });

export const ipamAllocationsQuery = pagingQuery(['address', 'allocated_at', 'account_name'], 'address');

export const provisionerGroupsQuery = pagingQuery(['name', 'zone_name', 'created_at'], 'name').extend({ zone_id: id.optional() });

export const provisionersQuery = pagingQuery(
  ['name', 'kind', 'host', 'group_name', 'capacity', 'last_heartbeat_at', 'registered_at'],
  'name',
).extend({ group_id: id.optional() });

export const blueprintsQuery = pagingQuery(['name', 'model', 'provisioner_group_name', 'created_at'], 'name').extend({
  enabled: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});

export const productLicensesQuery = pagingQuery(['model', 'reference', 'seats', 'valid_until', 'created_at'], 'model');

export const resourcesQuery = pagingQuery(['account_name', 'cloud_hsm_name', 'status', 'created_at'], 'account_name').extend({
  account_id: id.optional(),
});

/** The queries as the server reads them, parsed. */
export type DatacentersQuery = z.output<typeof datacentersQuery>;
export type GlobalServersQuery = z.output<typeof globalServersQuery>;
export type IpamZonesQuery = z.output<typeof ipamZonesQuery>;
export type IpamAllocationsQuery = z.output<typeof ipamAllocationsQuery>;
export type ProvisionerGroupsQuery = z.output<typeof provisionerGroupsQuery>;
export type ProvisionersQuery = z.output<typeof provisionersQuery>;
export type BlueprintsQuery = z.output<typeof blueprintsQuery>;
export type ProductLicensesQuery = z.output<typeof productLicensesQuery>;
export type ResourcesQuery = z.output<typeof resourcesQuery>;
