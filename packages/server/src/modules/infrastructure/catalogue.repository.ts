import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { blueprintSpec, blueprints, datacenters, ipamZones, provisionerGroups } from '../../db/schema/infrastructure.ts';

/**
 * Enabled blueprints with the zone each places in (its provisioner group's) and that zone's datacenter. Customers
 * read these tables through row-level security's everyone_reads policies; nothing of capacity or addresses is read.
 */
export function listEnabled(tx: Tx) {
  return tx
    .select({
      ...blueprintSpec,
      zoneId: ipamZones.id,
      zoneName: ipamZones.name,
      datacenterName: datacenters.name,
      location: datacenters.location,
    })
    .from(blueprints)
    .innerJoin(provisionerGroups, eq(provisionerGroups.id, blueprints.provisionerGroupId))
    .innerJoin(ipamZones, eq(ipamZones.id, provisionerGroups.zoneId))
    .innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId))
    .where(eq(blueprints.enabled, true))
    .orderBy(asc(blueprints.name), asc(blueprints.id));
}
