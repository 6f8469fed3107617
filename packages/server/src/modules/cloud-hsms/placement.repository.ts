import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { blueprintSpec, blueprints, datacenters, ipamZones, productLicenses, provisionerGroups, provisionerIsUp, provisioners } from '../../db/schema/infrastructure.ts';

/**
 * An HSM holds a license seat of its model and a place on its provisioner until it is Deprovisioned (a Failed one
 * too, until its owner deprovisions it: the license screens count seats the same way).
 */
const holds = ne(cloudHsms.status, 'Deprovisioned');

export type BlueprintRow = {
  id: string;
  name: string;
  model: string;
  partitions: number;
  ports: number;
  policies: Record<string, boolean | number | string>;
  enabled: boolean;
  groupId: string;
  groupZoneId: string;
};

export async function findBlueprint(tx: Tx, id: string): Promise<BlueprintRow | null> {
  const [row] = await tx
    .select({
      ...blueprintSpec,
      enabled: blueprints.enabled,
      groupId: blueprints.provisionerGroupId,
      groupZoneId: provisionerGroups.zoneId,
    })
    .from(blueprints)
    .innerJoin(provisionerGroups, eq(provisionerGroups.id, blueprints.provisionerGroupId))
    .where(eq(blueprints.id, id));
  return row ?? null;
}

export async function findZone(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: ipamZones.id, name: ipamZones.name, datacenterName: datacenters.name, location: datacenters.location })
    .from(ipamZones)
    .innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId))
    .where(eq(ipamZones.id, id));
  return row ?? null;
}

/**
 * The group's provisioners that take new HSMs (up, not draining), each with the HSMs it holds, fewest first. Their
 * rows are locked (in id order, so concurrent requests queue rather than deadlock) and only then counted: a
 * request waiting here counts what the one before it placed.
 */
export async function lockPlaceableProvisioners(tx: Tx, groupId: string) {
  const locked = await tx
    .select({ id: provisioners.id })
    .from(provisioners)
    .where(and(eq(provisioners.groupId, groupId), eq(provisioners.draining, false), provisionerIsUp))
    .orderBy(asc(provisioners.id))
    .for('update');
  if (locked.length === 0) return [];
  // Spelled out: drizzle leaves a one-table query's columns unqualified, and the subquery must name the outer row.
  const held = sql<number>`(select count(*)::int from cloud_hsms h where h.provisioner_id = provisioners.id and h.status <> 'Deprovisioned')`;
  return tx
    .select({ id: provisioners.id, name: provisioners.name, capacity: provisioners.capacity, held })
    .from(provisioners)
    .where(inArray(provisioners.id, locked.map((p) => p.id)))
    .orderBy(asc(held), asc(provisioners.name));
}

/** Seats of the model's licenses valid today, their rows locked so concurrent requests count one after another. */
export async function lockValidSeats(tx: Tx, model: string): Promise<number> {
  const rows = await tx
    .select({ seats: productLicenses.seats })
    .from(productLicenses)
    .where(and(eq(productLicenses.model, model), lte(productLicenses.validFrom, sql`current_date`), gte(productLicenses.validUntil, sql`current_date`)))
    .orderBy(asc(productLicenses.id))
    .for('update');
  return rows.reduce((sum, row) => sum + row.seats, 0);
}

/** HSMs of the model that hold a seat, in every account. */
export async function seatsHeld(tx: Tx, model: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`count(*)::int` })
    .from(cloudHsms)
    .innerJoin(blueprints, eq(blueprints.id, cloudHsms.blueprintId))
    .where(and(eq(blueprints.model, model), holds));
  return row?.held ?? 0;
}

export type ProvisionerState = { id: string; name: string; kind: string; up: boolean; lastHeartbeatAt: Date };

/** The provisioners named, with whether each is up. */
export async function provisionerStates(tx: Tx, ids: string[]): Promise<Map<string, ProvisionerState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: provisioners.id, name: provisioners.name, kind: provisioners.kind, up: provisionerIsUp, lastHeartbeatAt: provisioners.lastHeartbeatAt })
    .from(provisioners)
    .where(inArray(provisioners.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the provisioner is up now. */
export async function provisionerUp(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: provisioners.id }).from(provisioners).where(and(eq(provisioners.id, id), provisionerIsUp));
  return row !== undefined;
}
