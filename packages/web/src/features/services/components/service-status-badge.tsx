import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { SERVICE_STATUSES, type ServiceStatus } from '@keydeck/contract/services';

const STATUS_COLORS: Record<ServiceStatus, string> = {
  Enabled: 'success',
  Disabled: 'secondary',
  PendingProvisioning: 'info',
  PendingApproval: 'warning',
};

/** A service's status with the spec's display text ('Pending Approval', 'Pending Provisioning'); a dot keeps the text readable. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot">
      {SERVICE_STATUSES[status]}
    </Badge>
  );
}
