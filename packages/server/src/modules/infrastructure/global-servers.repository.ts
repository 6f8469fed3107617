import type { GlobalServersQuery } from '@keydeck/contract/infrastructure-queries';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { datacenters, globalServers } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = GlobalServersQuery;
export type NewGlobalServer = typeof globalServers.$inferInsert;

const address = sql<string>`host(${globalServers.address})`;
const columns = { ...getTableColumns(globalServers), address, datacenterName: datacenters.name };
export type GlobalServerRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery) {
  const where = and(
    query.datacenter_id ? eq(globalServers.datacenterId, query.datacenter_id) : undefined,
    matchesSearch(query.search, [globalServers.hostname, address, datacenters.name]),
  );
  const window = pageWindow(
    query,
    {
      hostname: globalServers.hostname,
      address: globalServers.address,
      role: globalServers.role,
      status: globalServers.status,
      datacenter_name: datacenters.name,
      created_at: globalServers.createdAt,
    },
    globalServers.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(globalServers).innerJoin(datacenters, eq(datacenters.id, globalServers.datacenterId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(globalServers).innerJoin(datacenters, eq(datacenters.id, globalServers.datacenterId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(globalServers).innerJoin(datacenters, eq(datacenters.id, globalServers.datacenterId)).where(eq(globalServers.id, id));
  return row;
}

/** Another server with this hostname, case-insensitively. */
export async function hostnameTaken(tx: Tx, hostname: string, exceptId?: string): Promise<boolean> {
  const same = eq(sql`lower(${globalServers.hostname})`, hostname.toLowerCase());
  const rows = await tx.select({ id: globalServers.id }).from(globalServers).where(exceptId ? and(same, ne(globalServers.id, exceptId)) : same);
  return rows.length > 0;
}

export async function insert(tx: Tx, fields: NewGlobalServer): Promise<string> {
  const [row] = await tx.insert(globalServers).values(fields).returning({ id: globalServers.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, fields: NewGlobalServer) {
  await tx.update(globalServers).set(fields).where(eq(globalServers.id, id));
}

export async function remove(tx: Tx, id: string): Promise<boolean> {
  return (await tx.delete(globalServers).where(eq(globalServers.id, id)).returning({ id: globalServers.id })).length > 0;
}
