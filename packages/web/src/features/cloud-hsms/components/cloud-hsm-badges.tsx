import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tooltip.css';
import { Badge, Tooltip } from '@mantine/core';
import { CLOUD_HSM_STATUS_LABELS, CLUSTER_MEMBER_STATUS_LABELS, type CloudHsmHealthState, type ClusterMemberStatus } from '@keydeck/contract/cloud-hsms';
import { type CloudHsmStatus } from '@keydeck/contract/cloud-hsms-queries';

const STATUS_COLORS: Record<CloudHsmStatus, string> = {
  PendingProvisioning: 'info',
  Enabled: 'success',
  Deprovisioning: 'warning',
  Deprovisioned: 'secondary',
  Failed: 'error',
};

const HEALTH_COLORS: Record<CloudHsmHealthState, string> = { Healthy: 'success', Unreachable: 'error', Unknown: 'secondary' };

const MEMBER_COLORS: Record<ClusterMemberStatus, string> = { InSync: 'success', Joining: 'info', Failed: 'error' };

/** An HSM's status in the spec's words ('Pending Provisioning'); a failure's reason is its tooltip. */
export function CloudHsmStatusBadge({ status, failure }: { status: CloudHsmStatus; failure?: string | null }) {
  const badge = (
    <Badge color={STATUS_COLORS[status]} variant="dot">
      {CLOUD_HSM_STATUS_LABELS[status]}
    </Badge>
  );
  return failure ? (
    <Tooltip label={failure} multiline maw={320} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** Health as the token last answered: Unreachable when its provisioner is down or the token did not answer. */
export function HealthBadge({ state }: { state: CloudHsmHealthState }) {
  return (
    <Badge color={HEALTH_COLORS[state]} variant="light">
      {state}
    </Badge>
  );
}

export function MemberStatusBadge({ status }: { status: ClusterMemberStatus }) {
  return (
    <Badge color={MEMBER_COLORS[status]} variant="dot">
      {CLUSTER_MEMBER_STATUS_LABELS[status]}
    </Badge>
  );
}
