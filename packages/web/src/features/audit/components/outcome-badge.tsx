import { Badge } from '@mantine/core';
import type { AuditEvent } from '@keydeck/contract/audit';

const COLORS = { success: 'success', refused: 'warning', failure: 'error' } as const;

export function OutcomeBadge({ outcome }: { outcome: AuditEvent['outcome'] }) {
  return (
    <Badge color={COLORS[outcome]} variant="dot" style={{ flex: 'none' }}>
      {outcome}
    </Badge>
  );
}
