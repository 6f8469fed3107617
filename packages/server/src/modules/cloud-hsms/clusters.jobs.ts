import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import type { FastifyBaseLogger } from 'fastify';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import type { JobQueue, QueuePolicy } from '../../platform/job-queue.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import type { Tx } from '../../db/database.ts';
import type { CloudHsmJobDeps } from './cloud-hsms.jobs.ts';
import * as clustersRepo from './clusters.repository.ts';
import type { HsmDriver, SecretKeyInfo } from './hsm-driver.ts';
import { clusterKeyContext, pinContext } from './pins.ts';
import { problemCode, tokenProblem } from './token-problems.ts';

/** Syncs asked for (a membership change, "sync now"); each is run by whichever server process fetches it. */
export const CLUSTER_SYNC_QUEUE = 'cluster-sync';
export const CLUSTER_SYNC_POLICY: QueuePolicy = { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 300 };
export type ClusterSyncJob = { clusterId: string };

export function queueClusterSync(jobs: JobQueue, tx: Tx, clusterId: string): Promise<void> {
  return jobs.send(tx, CLUSTER_SYNC_QUEUE, { clusterId } satisfies ClusterSyncJob);
}

/** What one sync found and did. */
export type SyncReport = {
  copied: number;
  /** Members newly failed or still failing, with why. */
  failed: { hsmId: string; error: string }[];
  /** Non-extractable secret keys per member: they stay on their own token. */
  nonExtractable: Record<string, number>;
  /** Members left to the process that hosts their provisioner. */
  elsewhere: string[];
};

type Member = { hsmId: string; name: string; driver: HsmDriver; ref: string; pin: string; keys: SecretKeyInfo[] };

/** A key across members: CKA_ID and label. */
const keyName = (key: Pick<SecretKeyInfo, 'id' | 'label'>) => `${key.id}\u0000${key.label}`;

/** Keys whose id and label another key of the same member shares: which one to copy is ambiguous, so none is. */
const ambiguous = (keys: readonly SecretKeyInfo[]): Set<string> => {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const key of keys) (seen.has(keyName(key)) ? twice : seen).add(keyName(key));
  return twice;
};

/**
 * Keeps a cluster's members' secret keys in step. Every member this process can reach (its provisioner is up and
 * hosted here) lists its secret keys; each extractable key missing on a member is wrapped under the cluster key on
 * a member that has it (exportWrapped: the cluster key is on that token only as a session object) and unwrapped
 * onto the member without it with the same CKA_ID, label and attributes (importWrapped). Non-extractable keys cannot
 * leave their token: they are counted, not copied. A member that fails (its provisioner down, its token not
 * answering) is marked Failed with why, and the others go on; the rest are InSync with their key count. Members
 * of a provisioner hosted by another process are left to that process's scheduled sync.
 */
export async function syncCluster(deps: CloudHsmJobDeps, clusterId: string, jobId: string, log?: FastifyBaseLogger): Promise<SyncReport | null> {
  const loaded = await inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
    const cluster = await clustersRepo.findCluster(tx, null, clusterId);
    return cluster ? { cluster, members: await clustersRepo.membersForSync(tx, clusterId) } : null;
  });
  if (!loaded) return null;
  const { cluster, members } = loaded;
  const report: SyncReport = { copied: 0, failed: [], nonExtractable: {}, elsewhere: [] };
  const fail = (hsmId: string, error: string) => report.failed.push({ hsmId, error });
  const reachable: Member[] = [];

  for (const { hsm, provisionerUp } of members) {
    if (hsm.status !== 'Enabled' || !hsm.partitionRef || !hsm.userPinSealed) fail(hsm.id, CloudHsmMessages.notEnabled);
    else if (!provisionerUp) fail(hsm.id, CloudHsmMessages.provisionerDown);
    else if (!hsm.provisionerId || !deps.drivers.has(hsm.provisionerId)) report.elsewhere.push(hsm.id);
    else {
      const driver = deps.drivers.get(hsm.provisionerId)!;
      const pin = deps.secretBox.open(hsm.userPinSealed, pinContext(hsm.id, 'user'));
      try {
        reachable.push({ hsmId: hsm.id, name: hsm.name, driver, ref: hsm.partitionRef, pin, keys: await driver.listSecretKeys(hsm.partitionRef, pin) });
      } catch (error) {
        log?.warn({ err: error, cluster: clusterId, hsm: hsm.id }, 'cluster member could not be read');
        fail(hsm.id, tokenProblem(error));
      }
    }
  }

  const clusterKey = Buffer.from(deps.secretBox.open(cluster.clusterKeySealed, clusterKeyContext(cluster.id)), 'base64');
  const failedIds = () => new Set(report.failed.map((f) => f.hsmId));
  try {
    for (const target of reachable) {
      if (failedIds().has(target.hsmId)) continue;
      const have = new Set(target.keys.map(keyName));
      // Each missing key from the first member that has it, extractable.
      const plan = new Map<Member, SecretKeyInfo[]>();
      for (const source of reachable) {
        if (source === target || failedIds().has(source.hsmId)) continue;
        const twice = ambiguous(source.keys);
        for (const key of source.keys) {
          if (!key.extractable || have.has(keyName(key)) || twice.has(keyName(key))) continue;
          have.add(keyName(key));
          plan.set(source, [...(plan.get(source) ?? []), key]);
        }
      }
      for (const [source, keys] of plan) {
        let wrapped;
        try {
          wrapped = await source.driver.exportWrapped(source.ref, source.pin, clusterKey, keys);
        } catch (error) {
          log?.warn({ err: error, cluster: clusterId, hsm: source.hsmId }, 'cluster member could not export keys');
          fail(source.hsmId, tokenProblem(error));
          continue;
        }
        try {
          await target.driver.importWrapped(target.ref, target.pin, clusterKey, wrapped);
          report.copied += wrapped.length;
        } catch (error) {
          log?.warn({ err: error, cluster: clusterId, hsm: target.hsmId, code: problemCode(error) }, 'cluster member could not import keys');
          fail(target.hsmId, tokenProblem(error));
          break;
        }
      }
      if (plan.size > 0 && !failedIds().has(target.hsmId)) {
        try {
          target.keys = await target.driver.listSecretKeys(target.ref, target.pin);
        } catch (error) {
          fail(target.hsmId, tokenProblem(error));
        }
      }
    }
  } finally {
    clusterKey.fill(0);
  }

  for (const member of reachable) report.nonExtractable[member.hsmId] = member.keys.filter((k) => !k.extractable).length;
  const failed = failedIds();
  const before = new Map(members.map((m) => [m.hsm.id, m.status]));
  await inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
    // The cluster row first, as removing a member does: the other order deadlocks with it.
    if (!(await clustersRepo.lockCluster(tx, clusterId))) return;
    for (const { hsmId, error } of report.failed) await clustersRepo.recordMemberSync(tx, clusterId, hsmId, { status: 'Failed', lastError: error });
    for (const member of reachable) {
      if (!failed.has(member.hsmId)) await clustersRepo.recordMemberSync(tx, clusterId, member.hsmId, { status: 'InSync', keys: member.keys.length, lastError: null });
    }
    await clustersRepo.markSynced(tx, clusterId);
    const changed = report.copied > 0 || report.failed.some((f) => before.get(f.hsmId) !== 'Failed');
    if (changed) {
      await writeSystemAuditEvent(tx, deps.auditKey, {
        accountId: cluster.accountId,
        action: 'cluster.sync',
        target: cluster.id,
        jobId,
        outcome: report.failed.length > 0 ? 'failure' : 'success',
        reason: describe(report, new Map(members.map((m) => [m.hsm.id, m.hsm.name]))),
      });
    }
  });
  return report;
}

/** The sync's outcome in a line, members by name. */
function describe(report: SyncReport, names: Map<string, string>): string {
  const parts = [`${report.copied} key(s) copied`];
  if (report.failed.length > 0) parts.push(`failed: ${report.failed.map((f) => `${names.get(f.hsmId)} (${f.error})`).join(', ')}`);
  const kept = Object.entries(report.nonExtractable).filter(([, n]) => n > 0);
  if (kept.length > 0) parts.push(`non-extractable keys kept on their member: ${kept.map(([id, n]) => `${names.get(id)} ${n}`).join(', ')}`);
  return parts.join('; ');
}
