import type { IpamZonesQuery } from '@keydeck/contract/infrastructure-queries';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { datacenters, ipamPools, ipamZones, provisionerGroups } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = IpamZonesQuery;
export type NewZone = { name: string; datacenterId: string };

const columns = {
  id: ipamZones.id,
  name: ipamZones.name,
  datacenterId: ipamZones.datacenterId,
  datacenterName: datacenters.name,
  datacenterLocation: datacenters.location,
  createdAt: ipamZones.createdAt,
};
export type ZoneRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery) {
  const where = and(
    query.datacenter_id ? eq(ipamZones.datacenterId, query.datacenter_id) : undefined,
    matchesSearch(query.search, [ipamZones.name, datacenters.name, datacenters.location]),
  );
  const window = pageWindow(query, { name: ipamZones.name, datacenter_name: datacenters.name, created_at: ipamZones.createdAt }, ipamZones.id);
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(ipamZones).innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(ipamZones).innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function listAll(tx: Tx) {
  return tx.select(columns).from(ipamZones).innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId)).orderBy(ipamZones.name);
}

export async function findById(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(ipamZones).innerJoin(datacenters, eq(datacenters.id, ipamZones.datacenterId)).where(eq(ipamZones.id, id));
  return row;
}

/** Locks the zone against new pools, groups and cloud HSMs (they take a key-share lock on it) until the transaction ends. */
export async function lock(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: ipamZones.id }).from(ipamZones).where(eq(ipamZones.id, id)).for('update')).length > 0;
}

/** What still refers to the zone: its pools, provisioner groups, and cloud HSMs (deprovisioned ones are kept as history). */
export async function usage(tx: Tx, id: string) {
  const [row] = await rowsOf<{ pools: number; groups: number; hsms: number }>(
    tx,
    sql`select (select count(*)::int from ${ipamPools} as p where p.zone_id = ${id}) as pools,
      (select count(*)::int from ${provisionerGroups} as g where g.zone_id = ${id}) as groups,
      (select count(*)::int from ${cloudHsms} as h where h.zone_id = ${id}) as hsms`,
  );
  return row!;
}

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const same = eq(sql`lower(${ipamZones.name})`, name.toLowerCase());
  return (await tx.select({ id: ipamZones.id }).from(ipamZones).where(exceptId ? and(same, ne(ipamZones.id, exceptId)) : same)).length > 0;
}

export async function insert(tx: Tx, zone: NewZone): Promise<string> {
  const [row] = await tx.insert(ipamZones).values(zone).returning({ id: ipamZones.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, zone: NewZone) {
  await tx.update(ipamZones).set(zone).where(eq(ipamZones.id, id));
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(ipamZones).where(eq(ipamZones.id, id));
}
