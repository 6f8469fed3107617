import type { CloudHsmHealthState } from '@keydeck/contract/cloud-hsms';
import type { Tx } from '../../db/database.ts';
import * as repo from './cloud-hsms.repository.ts';
import * as placement from './placement.repository.ts';
import { withPlatformView } from './platform-view.ts';

/**
 * An HSM's health as shown: nothing to say of a Deprovisioned one; Unreachable when its provisioner is down (the
 * token cannot be reached, whatever the last sample said) or its last sample did not reach the token; Unknown
 * before the first sample; else Healthy.
 */
export function healthState(status: string, provisionerUp: boolean | null, latest: { reachable: boolean } | null): CloudHsmHealthState {
  if (status === 'Deprovisioned') return 'Unknown';
  if (provisionerUp === false) return 'Unreachable';
  if (!latest) return 'Unknown';
  return latest.reachable ? 'Healthy' : 'Unreachable';
}

export type HealthFacts = {
  state: CloudHsmHealthState;
  provisioner: placement.ProvisionerState | null;
  latest: repo.HealthSample | null;
};

/** The health facts of the HSMs: their provisioners' state (platform rows) and their newest samples. */
export async function healthOf(tx: Tx, hsms: { id: string; status: string; provisionerId: string | null }[]): Promise<Map<string, HealthFacts>> {
  const provisioners = await withPlatformView(tx, () => placement.provisionerStates(tx, hsms.flatMap((h) => (h.provisionerId ? [h.provisionerId] : []))));
  const latest = await repo.latestSamples(tx, hsms.map((h) => h.id));
  return new Map(
    hsms.map((hsm) => {
      const provisioner = (hsm.provisionerId && provisioners.get(hsm.provisionerId)) || null;
      const sample = latest.get(hsm.id) ?? null;
      return [hsm.id, { state: healthState(hsm.status, provisioner ? provisioner.up : null, sample), provisioner, latest: sample }];
    }),
  );
}
