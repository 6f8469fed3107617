import type { ProvisionersQuery } from '@keydeck/contract/infrastructure-queries';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { provisionerGroups, provisionerIsUp, provisioners } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type ListQuery = ProvisionersQuery;

const columns = {
  id: provisioners.id,
  name: provisioners.name,
  kind: provisioners.kind,
  host: provisioners.host,
  groupId: provisioners.groupId,
  groupName: provisionerGroups.name,
  capacity: provisioners.capacity,
  /** HSMs on it that are not Deprovisioned. */
  hosted: sql<number>`(select count(*)::int from ${cloudHsms} as h where h.provisioner_id = "provisioners"."id" and h.status <> 'Deprovisioned')`,
  draining: provisioners.draining,
  version: provisioners.version,
  registeredAt: provisioners.registeredAt,
  lastHeartbeatAt: provisioners.lastHeartbeatAt,
  up: provisionerIsUp,
};
export type ProvisionerRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

export async function list(tx: Tx, query: ListQuery) {
  const where = and(
    query.group_id ? eq(provisioners.groupId, query.group_id) : undefined,
    matchesSearch(query.search, [provisioners.name, provisioners.host, provisioners.kind, provisionerGroups.name]),
  );
  const window = pageWindow(
    query,
    {
      name: provisioners.name,
      kind: provisioners.kind,
      host: provisioners.host,
      group_name: provisionerGroups.name,
      capacity: provisioners.capacity,
      last_heartbeat_at: provisioners.lastHeartbeatAt,
      registered_at: provisioners.registeredAt,
    },
    provisioners.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select(columns).from(provisioners).leftJoin(provisionerGroups, eq(provisionerGroups.id, provisioners.groupId)).where(where)
      .orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(provisioners).leftJoin(provisionerGroups, eq(provisionerGroups.id, provisioners.groupId)).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function listAll(tx: Tx) {
  return tx.select(columns).from(provisioners).leftJoin(provisionerGroups, eq(provisionerGroups.id, provisioners.groupId)).orderBy(asc(provisioners.name));
}

export async function findById(tx: Tx, id: string) {
  const [row] = await tx.select(columns).from(provisioners).leftJoin(provisionerGroups, eq(provisionerGroups.id, provisioners.groupId)).where(eq(provisioners.id, id));
  return row;
}

/** Locks the provisioner against placements (they take a key-share lock on it) until the transaction ends. */
export async function lock(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: provisioners.id }).from(provisioners).where(eq(provisioners.id, id)).for('update')).length > 0;
}

export async function update(tx: Tx, id: string, changes: { groupId: string | null; draining: boolean }) {
  await tx.update(provisioners).set(changes).where(eq(provisioners.id, id));
}

/** Removes the provisioner; the deprovisioned HSMs it once hosted keep their history without it. */
export async function remove(tx: Tx, id: string) {
  await tx.update(cloudHsms).set({ provisionerId: null }).where(and(eq(cloudHsms.provisionerId, id), eq(cloudHsms.status, 'Deprovisioned')));
  await tx.delete(provisioners).where(eq(provisioners.id, id));
}
