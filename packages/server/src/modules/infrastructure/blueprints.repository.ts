import type { BlueprintsQuery } from '@keydeck/contract/infrastructure-queries';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { blueprintSpec, blueprints, ipamZones, provisionerGroups } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = BlueprintsQuery;
export type NewBlueprint = typeof blueprints.$inferInsert;

const columns = {
  ...blueprintSpec,
  groupId: blueprints.provisionerGroupId,
  groupName: provisionerGroups.name,
  zoneId: ipamZones.id,
  zoneName: ipamZones.name,
  enabled: blueprints.enabled,
  hsms: sql<number>`(select count(*)::int from ${cloudHsms} as h where h.blueprint_id = "blueprints"."id" and h.status <> 'Deprovisioned')`,
  createdAt: blueprints.createdAt,
};
export type BlueprintRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

function joined(tx: Tx) {
  return tx
    .select(columns)
    .from(blueprints)
    .innerJoin(provisionerGroups, eq(provisionerGroups.id, blueprints.provisionerGroupId))
    .innerJoin(ipamZones, eq(ipamZones.id, provisionerGroups.zoneId));
}

export async function list(tx: Tx, query: ListQuery) {
  const where = and(
    query.enabled === undefined ? undefined : eq(blueprints.enabled, query.enabled),
    matchesSearch(query.search, [blueprints.name, blueprints.model, provisionerGroups.name]),
  );
  const window = pageWindow(
    query,
    { name: blueprints.name, model: blueprints.model, provisioner_group_name: provisionerGroups.name, created_at: blueprints.createdAt },
    blueprints.id,
  );
  const [rows, [count]] = await Promise.all([
    joined(tx).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(blueprints).innerJoin(provisionerGroups, eq(provisionerGroups.id, blueprints.provisionerGroupId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findById(tx: Tx, id: string) {
  const [row] = await joined(tx).where(eq(blueprints.id, id));
  return row;
}

/** Locks the blueprint against new cloud HSMs (they take a key-share lock on it) until the transaction ends. */
export async function lock(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: blueprints.id }).from(blueprints).where(eq(blueprints.id, id)).for('update')).length > 0;
}

/** Every cloud HSM row made from the blueprint, deprovisioned ones (kept as history) included. */
export async function hsmsOnRecord(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(cloudHsms).where(eq(cloudHsms.blueprintId, id));
  return row?.n ?? 0;
}

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const same = eq(sql`lower(${blueprints.name})`, name.toLowerCase());
  return (await tx.select({ id: blueprints.id }).from(blueprints).where(exceptId ? and(same, ne(blueprints.id, exceptId)) : same)).length > 0;
}

export async function insert(tx: Tx, blueprint: NewBlueprint): Promise<string> {
  const [row] = await tx.insert(blueprints).values(blueprint).returning({ id: blueprints.id });
  return row!.id;
}

export async function update(tx: Tx, id: string, blueprint: NewBlueprint) {
  await tx.update(blueprints).set(blueprint).where(eq(blueprints.id, id));
}

export async function remove(tx: Tx, id: string) {
  await tx.delete(blueprints).where(eq(blueprints.id, id));
}
