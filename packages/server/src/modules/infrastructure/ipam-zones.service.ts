import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { IpamZone, IpamZoneFields } from '@keydeck/contract/ipam';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as datacenters from './datacenters.service.ts';
import * as pools from './ipam-pools.repository.ts';
import { poolToWire, zoneUsage, type Usage } from './ipam-usage.ts';
import * as repo from './ipam-zones.repository.ts';
import { taken, unknownReference } from './refusals.ts';

/** Zones with their pools and how much of them is handed out. */
export async function list(tx: Tx, query: Parameters<typeof repo.list>[1]) {
  const { rows, total } = await repo.list(tx, query);
  return { data: await withPools(tx, rows), total };
}

export async function get(tx: Tx, id: string): Promise<IpamZone> {
  const row = await repo.findById(tx, id);
  if (!row) throw notFound();
  return (await withPools(tx, [row]))[0]!;
}

/** Every zone's address usage, for the provisioning dashboard. */
export async function usageOfAll(tx: Tx): Promise<({ id: string; name: string } & Usage)[]> {
  return (await withPools(tx, await repo.listAll(tx))).map(({ id, name, size, size_display, allocated, utilisation_percent }) => ({
    id,
    name,
    size,
    size_display,
    allocated,
    utilisation_percent,
  }));
}

export async function nameOf(tx: Tx, id: string): Promise<string | undefined> {
  return (await repo.findById(tx, id))?.name;
}

export async function exists(tx: Tx, id: string): Promise<boolean> {
  return (await repo.findById(tx, id)) !== undefined;
}

export async function create(tx: Tx, fields: IpamZoneFields): Promise<IpamZone> {
  return get(tx, await repo.insert(tx, await checked(tx, fields)));
}

export async function update(tx: Tx, id: string, fields: IpamZoneFields): Promise<IpamZone> {
  if (!(await repo.findById(tx, id))) throw notFound();
  await repo.update(tx, id, await checked(tx, fields, id));
  return get(tx, id);
}

/** Only a zone nothing refers to goes: no pools, no provisioner groups, no cloud HSMs (not even deprovisioned ones). */
export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.lock(tx, id))) throw notFound();
  const zone = (await repo.findById(tx, id))!;
  const { pools: poolCount, groups, hsms } = await repo.usage(tx, id);
  if (poolCount + groups + hsms > 0) throw conflict('zone_in_use', InfrastructureMessages.zoneInUse(zone.name, poolCount, groups, hsms));
  await repo.remove(tx, id);
}

async function checked(tx: Tx, fields: IpamZoneFields, exceptId?: string): Promise<repo.NewZone> {
  if (!(await datacenters.exists(tx, fields.datacenter_id))) throw unknownReference('datacenter_id', 'datacenter');
  if (await repo.nameTaken(tx, fields.name, exceptId)) throw taken('name', InfrastructureMessages.nameTaken('zone', fields.name));
  return { name: fields.name, datacenterId: fields.datacenter_id };
}

async function withPools(tx: Tx, rows: repo.ZoneRow[]): Promise<IpamZone[]> {
  const allPools = await pools.poolsOfZones(tx, rows.map((row) => row.id));
  return rows.map((row) => {
    const own = allPools.filter((pool) => pool.zoneId === row.id);
    return {
      id: row.id,
      name: row.name,
      datacenter_id: row.datacenterId,
      datacenter_name: row.datacenterName,
      datacenter_location: row.datacenterLocation,
      pools: own.map(poolToWire),
      ...zoneUsage(own),
      created_at: row.createdAt.toISOString(),
    };
  });
}
