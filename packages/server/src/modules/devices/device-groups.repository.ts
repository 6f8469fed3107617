import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf, textArray } from '../../db/raw-sql.ts';
import { containsPattern } from '../../platform/paging.ts';

export type GroupRow = { id: string; name: string; created_at: Date };

const named = (search: string | undefined) => (search ? sql`and name ilike ${containsPattern(search)}` : sql``);

/** One chunk of a service's groups by name, and how many match in all. */
export async function listChunk(tx: Tx, serviceId: string, search: string | undefined, offset: number, limit: number) {
  const [groups, [count]] = await Promise.all([
    rowsOf<GroupRow>(
      tx,
      sql`select id, name, created_at from device_groups where service_id = ${serviceId} ${named(search)}
        order by lower(name), name limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from device_groups where service_id = ${serviceId} ${named(search)}`),
  ]);
  return { groups, total: count!.n };
}

/** Devices per group, for the groups given. */
export async function deviceCounts(tx: Tx, serviceId: string, groupIds: string[]): Promise<Map<string, number>> {
  if (!groupIds.length) return new Map();
  const counted = await rowsOf<{ group_id: string; n: number }>(
    tx,
    sql`select group_id, count(*)::int as n from devices where service_id = ${serviceId}
      and group_id = any(${textArray(groupIds)}::uuid[]) group by group_id`,
  );
  return new Map(counted.map((c) => [c.group_id, c.n]));
}

/** The service's groups with these names (ignoring case), by lower-cased name. */
export async function findByNames(tx: Tx, serviceId: string, names: string[]): Promise<Map<string, GroupRow>> {
  if (!names.length) return new Map();
  const found = await rowsOf<GroupRow>(
    tx,
    sql`select id, name, created_at from device_groups where service_id = ${serviceId}
      and name_key = any(${textArray(names.map((n) => n.toLowerCase()))})`,
  );
  return new Map(found.map((g) => [g.name.toLowerCase(), g]));
}

export async function insertGroups(tx: Tx, accountId: string, serviceId: string, names: string[]): Promise<void> {
  await tx.execute(sql`insert into device_groups (account_id, service_id, name)
    values ${sql.join(names.map((name) => sql`(${accountId}, ${serviceId}, ${name})`), sql`, `)}`);
}

export async function rename(tx: Tx, serviceId: string, groupId: string, name: string): Promise<void> {
  await tx.execute(sql`update device_groups set name = ${name} where service_id = ${serviceId} and id = ${groupId}`);
}

export async function moveAllDevices(tx: Tx, serviceId: string, fromGroupId: string, toGroupId: string): Promise<string[]> {
  const moved = await rowsOf<{ serial: string }>(
    tx,
    sql`update devices set group_id = ${toGroupId} where service_id = ${serviceId} and group_id = ${fromGroupId} returning serial`,
  );
  return moved.map((m) => m.serial);
}

export async function deleteAllDevices(tx: Tx, serviceId: string, groupId: string): Promise<string[]> {
  const deleted = await rowsOf<{ serial: string }>(tx, sql`delete from devices where service_id = ${serviceId} and group_id = ${groupId} returning serial`);
  return deleted.map((d) => d.serial);
}

export async function deleteGroup(tx: Tx, serviceId: string, groupId: string): Promise<void> {
  await tx.execute(sql`delete from device_groups where service_id = ${serviceId} and id = ${groupId}`);
}
