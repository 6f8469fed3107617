import { CLOUD_HSM_HEALTH_STATES, CLOUD_HSM_STEP_LABELS, CLUSTER_MEMBER_STATUSES, type CloudHsmStep, type CloudOverview } from '@keydeck/contract/cloud-hsms';
import { CLOUD_HSM_STATUSES } from '@keydeck/contract/cloud-hsms-queries';
import { targetAccount } from '../../platform/account-access.ts';
import type { CloudHsmContext } from './cloud-hsm-access.ts';
import * as repo from './cloud-hsms.repository.ts';
import * as clustersRepo from './clusters.repository.ts';
import { healthOf } from './health-states.ts';

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** /chc: the account's cloud HSMs by status and health, its clusters with their members' states, and provisioning in flight. */
export async function cloudOverview(ctx: CloudHsmContext, accountIdParam: string): Promise<CloudOverview> {
  const accountId = targetAccount(ctx.principal, accountIdParam);
  const all = await repo.accountHsms(ctx.tx, accountId);
  const hsms = all.filter((hsm) => hsm.status !== 'Deprovisioned');
  const health = await healthOf(ctx.tx, hsms);
  const byStatus = zeroes(CLOUD_HSM_STATUSES);
  const byHealth = zeroes(CLOUD_HSM_HEALTH_STATES);
  for (const hsm of all) byStatus[hsm.status] += 1;
  for (const hsm of hsms) byHealth[health.get(hsm.id)?.state ?? 'Unknown'] += 1;
  const clusters = await clustersRepo.accountClusters(ctx.tx, accountId);
  const members = await clustersRepo.membersOf(ctx.tx, clusters.map((c) => c.id));
  const runs = await repo.runsInFlight(ctx.tx, accountId);
  return {
    hsms: { total: hsms.length, by_status: byStatus, by_health: byHealth },
    clusters: clusters.map((cluster) => {
      const own = members.filter((m) => m.clusterId === cluster.id);
      const byMemberStatus = zeroes(CLUSTER_MEMBER_STATUSES);
      for (const member of own) byMemberStatus[member.status] += 1;
      return {
        id: cluster.id,
        name: cluster.name,
        service_id: cluster.serviceId,
        member_count: own.length,
        members_by_status: byMemberStatus,
        last_sync_at: cluster.lastSyncAt?.toISOString() ?? null,
      };
    }),
    in_flight: runs.map((run) => {
      const step = (run.step in CLOUD_HSM_STEP_LABELS ? run.step : 'requested') as CloudHsmStep;
      return {
        hsm_id: run.hsmId,
        name: run.name,
        service_id: run.serviceId,
        kind: run.kind,
        status: run.status,
        step,
        step_label: CLOUD_HSM_STEP_LABELS[step],
        queued_at: run.queuedAt.toISOString(),
        started_at: run.startedAt?.toISOString() ?? null,
        attempts: run.attempts,
      };
    }),
  };
}
