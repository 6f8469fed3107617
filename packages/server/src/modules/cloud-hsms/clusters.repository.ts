import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { cloudHsms, clusterMembers, clusters } from '../../db/schema/cloud-hsms.ts';
import { provisionerIsUp, provisioners } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type ClusterRow = typeof clusters.$inferSelect;
type ListQuery = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: 'name' | 'created_at'; search?: string | undefined };

export async function listClusters(tx: Tx, accountId: string, serviceId: string, query: ListQuery) {
  const where = and(eq(clusters.accountId, accountId), eq(clusters.serviceId, serviceId), matchesSearch(query.search, [clusters.name]));
  const window = pageWindow(query, { name: clusters.name, created_at: clusters.createdAt }, clusters.id);
  const rows = await tx.select().from(clusters).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(clusters).where(where);
  return { rows, total: count?.total ?? 0 };
}

/** accountId null: any account's (a platform administrator, or the server's own work). */
export async function findCluster(tx: Tx, accountId: string | null, id: string): Promise<ClusterRow | null> {
  const [row] = await tx.select().from(clusters).where(and(eq(clusters.id, id), accountId ? eq(clusters.accountId, accountId) : undefined));
  return row ?? null;
}

export async function lockCluster(tx: Tx, id: string): Promise<ClusterRow | null> {
  const [row] = await tx.select().from(clusters).where(eq(clusters.id, id)).for('update');
  return row ?? null;
}

export async function nameTaken(tx: Tx, serviceId: string, name: string): Promise<boolean> {
  const [row] = await tx.select({ id: clusters.id }).from(clusters).where(and(eq(clusters.serviceId, serviceId), sql`lower(${clusters.name}) = lower(${name})`));
  return row !== undefined;
}

export async function insertCluster(tx: Tx, values: typeof clusters.$inferInsert): Promise<ClusterRow> {
  const [row] = await tx.insert(clusters).values(values).returning();
  return row!;
}

export async function deleteCluster(tx: Tx, id: string): Promise<void> {
  await tx.delete(clusters).where(eq(clusters.id, id));
}

/** Members of the clusters with their HSMs, in joining order. */
export function membersOf(tx: Tx, clusterIds: string[]) {
  if (clusterIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      clusterId: clusterMembers.clusterId,
      hsmId: cloudHsms.id,
      hsmName: cloudHsms.name,
      hsmStatus: cloudHsms.status,
      address: sql<string | null>`host(${cloudHsms.address})`,
      provisionerId: cloudHsms.provisionerId,
      status: clusterMembers.status,
      keys: clusterMembers.keys,
      lastSyncAt: clusterMembers.lastSyncAt,
      lastError: clusterMembers.lastError,
      joinedAt: clusterMembers.joinedAt,
    })
    .from(clusterMembers)
    .innerJoin(cloudHsms, eq(cloudHsms.id, clusterMembers.cloudHsmId))
    .where(inArray(clusterMembers.clusterId, clusterIds))
    .orderBy(asc(clusterMembers.joinedAt), asc(cloudHsms.name));
}
export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** The cluster the HSM is in, if any. */
export async function membershipOf(tx: Tx, hsmId: string): Promise<{ clusterId: string; clusterName: string } | null> {
  const [row] = await tx
    .select({ clusterId: clusters.id, clusterName: clusters.name })
    .from(clusterMembers)
    .innerJoin(clusters, eq(clusters.id, clusterMembers.clusterId))
    .where(eq(clusterMembers.cloudHsmId, hsmId));
  return row ?? null;
}

export async function insertMember(tx: Tx, values: { clusterId: string; cloudHsmId: string; accountId: string }): Promise<void> {
  await tx.insert(clusterMembers).values(values);
}

export async function deleteMember(tx: Tx, clusterId: string, hsmId: string): Promise<boolean> {
  const removed = await tx
    .delete(clusterMembers)
    .where(and(eq(clusterMembers.clusterId, clusterId), eq(clusterMembers.cloudHsmId, hsmId)))
    .returning({ id: clusterMembers.cloudHsmId });
  return removed.length > 0;
}

/** The account's Enabled HSMs in no cluster: what may join one. */
export function candidates(tx: Tx, accountId: string) {
  return tx
    .select({ id: cloudHsms.id, name: cloudHsms.name, serviceId: cloudHsms.serviceId, address: sql<string | null>`host(${cloudHsms.address})` })
    .from(cloudHsms)
    .leftJoin(clusterMembers, eq(clusterMembers.cloudHsmId, cloudHsms.id))
    .where(and(eq(cloudHsms.accountId, accountId), eq(cloudHsms.status, 'Enabled'), isNull(clusterMembers.clusterId)))
    .orderBy(asc(cloudHsms.name));
}

/** What a sync needs of each member (system scope: the provisioners' state is the platform's). */
export function membersForSync(tx: Tx, clusterId: string) {
  return tx
    .select({
      hsm: cloudHsms,
      provisionerUp: sql<boolean>`coalesce(${provisionerIsUp}, false)`,
      status: clusterMembers.status,
    })
    .from(clusterMembers)
    .innerJoin(cloudHsms, eq(cloudHsms.id, clusterMembers.cloudHsmId))
    .leftJoin(provisioners, eq(provisioners.id, cloudHsms.provisionerId))
    .where(eq(clusterMembers.clusterId, clusterId))
    .orderBy(asc(clusterMembers.joinedAt), asc(cloudHsms.id));
}

export async function recordMemberSync(tx: Tx, clusterId: string, hsmId: string, result: { status: 'InSync' | 'Failed'; keys?: number; lastError: string | null }) {
  await tx
    .update(clusterMembers)
    .set({ status: result.status, lastError: result.lastError, lastSyncAt: sql`now()`, ...(result.keys === undefined ? {} : { keys: result.keys }) })
    .where(and(eq(clusterMembers.clusterId, clusterId), eq(clusterMembers.cloudHsmId, hsmId)));
}

export async function markSynced(tx: Tx, clusterId: string): Promise<void> {
  await tx.update(clusters).set({ lastSyncAt: sql`now()` }).where(eq(clusters.id, clusterId));
}

/** Clusters with a member on the provisioner. */
export async function clustersOnProvisioner(tx: Tx, provisionerId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: clusterMembers.clusterId })
    .from(clusterMembers)
    .innerJoin(cloudHsms, eq(cloudHsms.id, clusterMembers.cloudHsmId))
    .where(eq(cloudHsms.provisionerId, provisionerId));
  return rows.map((row) => row.id);
}

/** The account's clusters, for the overview. */
export function accountClusters(tx: Tx, accountId: string) {
  return tx.select().from(clusters).where(eq(clusters.accountId, accountId)).orderBy(asc(clusters.name));
}
