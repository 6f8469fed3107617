import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { RUN_STATUS_LABELS, type RunStatus } from '@keydeck/contract/solutions';

const COLORS: Record<RunStatus, string> = { queued: 'gray', running: 'blue', succeeded: 'success', failed: 'error' };

/** Where an onboarding run is, in words and colour. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge color={COLORS[status]} variant="dot">
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
