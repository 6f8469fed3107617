import { z } from 'zod';
import { blueprintsQuery, globalServersQuery, ipamZonesQuery, productLicensesQuery, provisionerGroupsQuery, provisionersQuery, resourcesQuery } from '@keydeck/contract/infrastructure-queries';

/**
 * Blueprints filtered by enabled: the router keeps `enabled` as a boolean in the URL, a hand-written URL says
 * "true" or "false"; both mean the same filter.
 */
const blueprintsSearch = blueprintsQuery.omit({ enabled: true }).extend({
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
});

/** The URL search of each infrastructure list screen, as the route table validates it. */
export const InfrastructureSearch = {
  globalServers: globalServersQuery,
  ipamZones: ipamZonesQuery,
  blueprints: blueprintsSearch,
  resources: resourcesQuery,
  provisioners: provisionersQuery,
  provisionerGroups: provisionerGroupsQuery,
  productLicenses: productLicensesQuery,
} as const;
