import { randomBytes, randomUUID } from 'node:crypto';
import { CLUSTER_MEMBER_STATUS_LABELS, CloudHsmMessages, type Cluster, type ClusterMembersResponse, type ClustersPage } from '@keydeck/contract/cloud-hsms';
import type { Tx } from '../../db/database.ts';
import { conflict, confirmationRequired, notFound } from '../../platform/errors.ts';
import { findOwnCluster, findOwnHsm, requireService, visibleAccount, type CloudHsmContext } from './cloud-hsm-access.ts';
import * as repo from './cloud-hsms.repository.ts';
import { CLUSTER_SYNC_QUEUE, queueClusterSync } from './clusters.jobs.ts';
import * as clustersRepo from './clusters.repository.ts';
import { healthOf } from './health-states.ts';
import { clusterKeyContext } from './pins.ts';

type ServiceParams = { account_id: string; service_id: string };

export async function listClusters(ctx: CloudHsmContext, params: ServiceParams, query: Parameters<typeof clustersRepo.listClusters>[3]): Promise<ClustersPage> {
  const { accountId, service } = await requireService(ctx, params, 'cluster_management', false);
  const { rows, total } = await clustersRepo.listClusters(ctx.tx, accountId, service.id, query);
  return { data: await toWire(ctx.tx, rows), total };
}

export async function getCluster(ctx: CloudHsmContext, clusterId: string): Promise<Cluster> {
  return (await toWire(ctx.tx, [await findOwnCluster(ctx, clusterId)]))[0]!;
}

/** A new cluster with its own cluster key: 32 random bytes, kept only sealed (bound to the cluster's id). */
export async function createCluster(ctx: CloudHsmContext, params: ServiceParams, name: string): Promise<Cluster> {
  const { accountId, service } = await requireService(ctx, params, 'cluster_management', true);
  if (await clustersRepo.nameTaken(ctx.tx, service.id, name)) {
    const message = CloudHsmMessages.clusterNameTaken(name);
    throw conflict('name_taken', message, { name: [message] });
  }
  const id = randomUUID();
  const key = randomBytes(32);
  const clusterKeySealed = ctx.secretBox.seal(key.toString('base64'), clusterKeyContext(id));
  key.fill(0);
  const row = await clustersRepo.insertCluster(ctx.tx, { id, accountId, serviceId: service.id, name, clusterKeySealed });
  return (await toWire(ctx.tx, [row]))[0]!;
}

/** Deletes a cluster; one with members only when confirmed (its members stay, released, their keys kept). */
export async function deleteCluster(ctx: CloudHsmContext, clusterId: string, confirm: boolean): Promise<Cluster> {
  await findOwnCluster(ctx, clusterId);
  const row = (await clustersRepo.lockCluster(ctx.tx, clusterId))!;
  const [cluster] = await toWire(ctx.tx, [row]);
  if (cluster!.member_count > 0 && !confirm) throw confirmationRequired(CloudHsmMessages.clusterHasMembers(cluster!.member_count));
  await clustersRepo.deleteCluster(ctx.tx, clusterId);
  return cluster!;
}

/** Adds an Enabled HSM of the cluster's account that is in no cluster, and queues a sync. */
export async function addMember(ctx: CloudHsmContext, clusterId: string, hsmId: string): Promise<Cluster> {
  const cluster = await findOwnCluster(ctx, clusterId);
  await clustersRepo.lockCluster(ctx.tx, clusterId);
  const { hsm } = await findOwnHsm(ctx, hsmId);
  if (hsm.accountId !== cluster.accountId) throw notFound();
  // Locked: a deprovisioning of it waits, and then finds it a member.
  const locked = (await repo.lockHsm(ctx.tx, hsm.id))!;
  if (locked.status !== 'Enabled') throw conflict('not_enabled', CloudHsmMessages.clusterMemberNotEnabled);
  const membership = await clustersRepo.membershipOf(ctx.tx, hsm.id);
  if (membership) throw conflict('cluster_member', CloudHsmMessages.clusterMemberElsewhere(membership.clusterName));
  await clustersRepo.insertMember(ctx.tx, { clusterId, cloudHsmId: hsm.id, accountId: cluster.accountId });
  await queueSync(ctx, clusterId);
  return getCluster(ctx, clusterId);
}

/** Takes an HSM out of the cluster; its keys stay on it. */
export async function removeMember(ctx: CloudHsmContext, clusterId: string, hsmId: string): Promise<Cluster> {
  await findOwnCluster(ctx, clusterId);
  await clustersRepo.lockCluster(ctx.tx, clusterId);
  if (!(await clustersRepo.deleteMember(ctx.tx, clusterId, hsmId))) throw notFound(CloudHsmMessages.clusterNotMember);
  return getCluster(ctx, clusterId);
}

/** Queues a sync of the cluster now. */
export async function syncNow(ctx: CloudHsmContext, clusterId: string): Promise<Cluster> {
  await findOwnCluster(ctx, clusterId);
  await queueSync(ctx, clusterId);
  return getCluster(ctx, clusterId);
}

export async function listMembers(ctx: CloudHsmContext, clusterId: string): Promise<ClusterMembersResponse> {
  const cluster = await getCluster(ctx, clusterId);
  const candidates = await clustersRepo.candidates(ctx.tx, cluster.account_id);
  return { data: cluster.members, candidates: candidates.map((c) => ({ id: c.id, name: c.name, service_id: c.serviceId, address: c.address })) };
}

async function queueSync(ctx: CloudHsmContext, clusterId: string): Promise<void> {
  await queueClusterSync(ctx.jobs, ctx.tx, clusterId);
  ctx.afterCommit.push(async () => ctx.jobs.wake(CLUSTER_SYNC_QUEUE));
}

async function toWire(tx: Tx, rows: clustersRepo.ClusterRow[]): Promise<Cluster[]> {
  const members = await clustersRepo.membersOf(tx, rows.map((r) => r.id));
  const health = await healthOf(tx, members.map((m) => ({ id: m.hsmId, status: m.hsmStatus, provisionerId: m.provisionerId })));
  return rows.map((row) => {
    const own = members.filter((m) => m.clusterId === row.id);
    return {
      id: row.id,
      account_id: row.accountId,
      service_id: row.serviceId,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      member_count: own.length,
      members: own.map((m) => ({
        hsm_id: m.hsmId,
        hsm_name: m.hsmName,
        hsm_status: m.hsmStatus,
        health_state: health.get(m.hsmId)?.state ?? 'Unknown',
        address: m.address,
        status: m.status,
        status_label: CLUSTER_MEMBER_STATUS_LABELS[m.status],
        keys: m.keys,
        last_sync_at: m.lastSyncAt?.toISOString() ?? null,
        last_error: m.lastError,
        joined_at: m.joinedAt.toISOString(),
      })),
    };
  });
}

/** What a cluster's audit events name, read before a change (the caller may see it, or nothing is read). */
export async function auditFacts(ctx: Pick<CloudHsmContext, 'tx' | 'principal'>, clusterId: string): Promise<{ name?: string; account?: string }> {
  const row = await clustersRepo.findCluster(ctx.tx, visibleAccount(ctx.principal), clusterId);
  return row ? { name: row.name, account: row.accountId } : {};
}
