import {
  CLOUD_HSM_STATUS_LABELS,
  CLOUD_HSM_STEP_LABELS,
  type CloudHsmHealthSample,
  type CloudHsmStep,
  type CloudHsmSummary,
} from '@keydeck/contract/cloud-hsms';
import { iso } from '../../db/raw-sql.ts';
import type * as repo from './cloud-hsms.repository.ts';
import type { HealthFacts } from './health-states.ts';

const stepOf = (step: string): CloudHsmStep => (step in CLOUD_HSM_STEP_LABELS ? (step as CloudHsmStep) : 'requested');

export function toSummary(row: repo.HsmView, ports: { port: number; purpose: string }[], health: HealthFacts | undefined): CloudHsmSummary {
  const { hsm } = row;
  const step = stepOf(hsm.step);
  return {
    id: hsm.id,
    account_id: hsm.accountId,
    service_id: hsm.serviceId,
    name: hsm.name,
    status: hsm.status,
    status_label: CLOUD_HSM_STATUS_LABELS[hsm.status],
    step,
    step_label: CLOUD_HSM_STEP_LABELS[step],
    blueprint: { id: hsm.blueprintId, name: row.blueprintName, model: row.model },
    zone: { id: hsm.zoneId, name: row.zoneName, datacenter_name: row.datacenterName, location: row.location },
    address: row.address,
    ports,
    health_state: health?.state ?? 'Unknown',
    failure: hsm.failure,
    cluster: row.clusterId && row.clusterName ? { id: row.clusterId, name: row.clusterName } : null,
    created_at: hsm.createdAt.toISOString(),
    provisioned_at: hsm.provisionedAt?.toISOString() ?? null,
    deprovisioned_at: hsm.deprovisionedAt?.toISOString() ?? null,
  };
}

const toNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** A sample, from a table row or a hand-written query's row. */
export function toSample(row: {
  sampledAt?: Date;
  sampled_at?: Date | string;
  reachable: boolean;
  sessions: number | null;
  maxSessions?: number | null;
  max_sessions?: number | string | null;
  freeMemory?: number | null;
  free_memory?: number | string | null;
  totalMemory?: number | null;
  total_memory?: number | string | null;
  objects: number | null;
  secretKeys?: number | null;
  secret_keys?: number | null;
  privateKeys?: number | null;
  private_keys?: number | null;
  publicKeys?: number | null;
  public_keys?: number | null;
  certificates: number | null;
  error: string | null;
}): CloudHsmHealthSample {
  return {
    sampled_at: iso((row.sampledAt ?? row.sampled_at)!),
    reachable: row.reachable,
    sessions: row.sessions,
    max_sessions: toNumber(row.maxSessions ?? row.max_sessions ?? null),
    free_memory: toNumber(row.freeMemory ?? row.free_memory ?? null),
    total_memory: toNumber(row.totalMemory ?? row.total_memory ?? null),
    objects: row.objects,
    secret_keys: row.secretKeys ?? row.secret_keys ?? null,
    private_keys: row.privateKeys ?? row.private_keys ?? null,
    public_keys: row.publicKeys ?? row.public_keys ?? null,
    certificates: row.certificates,
    error: row.error,
  };
}
