import type { DatacentersQuery } from '@keydeck/contract/infrastructure-queries';
import { and, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { datacenters, globalServers, ipamZones } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = DatacentersQuery;
export type NewDatacenter = { name: string; code: string; location: string };

const columns = {
  ...getTableColumns(datacenters),
  servers: sql<number>`(select count(*)::int from ${globalServers} as s where s.datacenter_id = "datacenters"."id")`,
  zones: sql<number>`(select count(*)::int from ${ipamZones} as z where z.datacenter_id = "datacenters"."id")`,
};
export type DatacenterRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery) {
  const where = matchesSearch(query.search, [datacenters.name, datacenters.code, datacenters.location]);
  const window = pageWindow(
    query,
    { name: datacenters.name, code: datacenters.code, location: datacenters.location, created_at: datacenters.createdAt },
    datacenters.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(datacenters).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(datacenters).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(datacenters).where(eq(datacenters.id, id));
  return row;
}

/** Locks the datacenter against new servers and zones until the transaction ends (they take a key-share lock on it). */
export async function lock(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: datacenters.id }).from(datacenters).where(eq(datacenters.id, id)).for('update')).length > 0;
}

/** Datacenters other than exceptId whose name or code equals the given ones, case-insensitively. */
export function findClashes(tx: Tx, fields: NewDatacenter, exceptId?: string) {
  const clash = or(eq(sql`lower(${datacenters.name})`, fields.name.toLowerCase()), eq(sql`lower(${datacenters.code})`, fields.code.toLowerCase()));
  const where: SQL | undefined = exceptId ? and(clash, ne(datacenters.id, exceptId)) : clash;
  return tx.select({ name: datacenters.name, code: datacenters.code }).from(datacenters).where(where);
}

export async function insert(tx: Tx, fields: NewDatacenter): Promise<string> {
  const [row] = await tx.insert(datacenters).values(fields).returning({ id: datacenters.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, fields: NewDatacenter) {
  await tx.update(datacenters).set(fields).where(eq(datacenters.id, id));
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(datacenters).where(eq(datacenters.id, id));
}
