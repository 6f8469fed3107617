import { CLOUD_HSM_STATUS_LABELS, CLUSTER_MEMBER_STATUS_LABELS } from '@keydeck/contract/cloud-hsms';

// Statuses arrive as plain strings here (the infrastructure contract does not bind them): a status this console
// does not know yet is shown as it came, in grey.

const STATUS_COLORS: Record<string, string> = {
  PendingProvisioning: 'info',
  Enabled: 'success',
  Deprovisioning: 'warning',
  Deprovisioned: 'secondary',
  Failed: 'error',
};

const MEMBER_COLORS: Record<string, string> = { Joining: 'info', InSync: 'success', Failed: 'error' };

const known = <K extends string>(labels: Record<K, string>, value: string): string =>
  Object.hasOwn(labels, value) ? labels[value as K] : value;

/** A cloud HSM status as customers read it: PendingProvisioning is 'Pending Provisioning'. */
export const cloudHsmStatusLabel = (status: string) => known(CLOUD_HSM_STATUS_LABELS, status);
export const cloudHsmStatusColor = (status: string) => STATUS_COLORS[status] ?? 'secondary';

export const memberStateLabel = (state: string) => known(CLUSTER_MEMBER_STATUS_LABELS, state);
export const memberStateColor = (state: string) => MEMBER_COLORS[state] ?? 'secondary';
