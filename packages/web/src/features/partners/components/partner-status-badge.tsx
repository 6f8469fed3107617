import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { PARTNER_STATUS_LABELS } from '@keydeck/contract/partners';
import type { PartnerStatus } from '@keydeck/contract/partners-queries';

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'success' : 'warning'}>
      {PARTNER_STATUS_LABELS[status]}
    </Badge>
  );
}
