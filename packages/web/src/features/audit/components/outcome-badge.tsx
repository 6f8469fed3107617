import { Badge } from '@mantine/core';
import type { AuditEvent } from '@keydeck/contract/audit';

/** partial: a batch that did some of its work, between a success and a refusal. */
const COLORS = { success: 'success', partial: 'yellow', refused: 'warning', failure: 'error' } as const;

export function OutcomeBadge({ outcome }: { outcome: AuditEvent['outcome'] }) {
  return (
    <Badge color={COLORS[outcome]} variant="dot" style={{ flex: 'none' }}>
      {outcome}
    </Badge>
  );
}
