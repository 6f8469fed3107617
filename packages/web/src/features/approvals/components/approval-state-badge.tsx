import { Badge } from '@mantine/core';
import type { ApprovalState } from '@keydeck/contract/approvals';

const STATE_COLOR: Record<ApprovalState, string> = {
  pending: 'warning',
  approved: 'success',
  executed: 'primary',
  denied: 'error',
  expired: 'gray',
  cancelled: 'gray',
};

const STATE_LABEL: Record<ApprovalState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  executed: 'Carried out',
  denied: 'Denied',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Where a request stands, in words and colour. */
export function ApprovalStateBadge({ state }: { state: ApprovalState }) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]}>
      {STATE_LABEL[state]}
    </Badge>
  );
}
