import type { ProvisionerGroupsQuery } from '@keydeck/contract/infrastructure-queries';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { blueprints, ipamZones, provisionerGroups, provisioners } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = ProvisionerGroupsQuery;
export type NewGroup = { name: string; zoneId: string; description: string };

const columns = {
  id: provisionerGroups.id,
  name: provisionerGroups.name,
  zoneId: provisionerGroups.zoneId,
  zoneName: ipamZones.name,
  description: provisionerGroups.description,
  provisioners: sql<number>`(select count(*)::int from ${provisioners} as p where p.group_id = "provisioner_groups"."id")`,
  blueprints: sql<number>`(select count(*)::int from ${blueprints} as b where b.provisioner_group_id = "provisioner_groups"."id")`,
  createdAt: provisionerGroups.createdAt,
};
export type GroupRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery) {
  const where = and(
    query.zone_id ? eq(provisionerGroups.zoneId, query.zone_id) : undefined,
    matchesSearch(query.search, [provisionerGroups.name, provisionerGroups.description, ipamZones.name]),
  );
  const window = pageWindow(query, { name: provisionerGroups.name, zone_name: ipamZones.name, created_at: provisionerGroups.createdAt }, provisionerGroups.id);
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(provisionerGroups).innerJoin(ipamZones, eq(ipamZones.id, provisionerGroups.zoneId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(provisionerGroups).innerJoin(ipamZones, eq(ipamZones.id, provisionerGroups.zoneId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(provisionerGroups).innerJoin(ipamZones, eq(ipamZones.id, provisionerGroups.zoneId)).where(eq(provisionerGroups.id, id));
  return row;
}

/** Locks the group against new provisioners and blueprints (they take a key-share lock on it) until the transaction ends. */
export async function lock(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: provisionerGroups.id }).from(provisionerGroups).where(eq(provisionerGroups.id, id)).for('update')).length > 0;
}

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const same = eq(sql`lower(${provisionerGroups.name})`, name.toLowerCase());
  return (await tx.select({ id: provisionerGroups.id }).from(provisionerGroups).where(exceptId ? and(same, ne(provisionerGroups.id, exceptId)) : same)).length > 0;
}

export async function insert(tx: Tx, group: NewGroup): Promise<string> {
  const [row] = await tx.insert(provisionerGroups).values(group).returning({ id: provisionerGroups.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, group: NewGroup) {
  await tx.update(provisionerGroups).set(group).where(eq(provisionerGroups.id, id));
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(provisionerGroups).where(eq(provisionerGroups.id, id));
}
