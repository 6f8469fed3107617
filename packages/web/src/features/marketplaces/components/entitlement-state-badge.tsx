import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { ENTITLEMENT_STATE_LABELS, type EntitlementState } from '@keydeck/contract/marketplaces';

const STATE_COLORS: Record<EntitlementState, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

export function EntitlementStateBadge({ state }: { state: EntitlementState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="entitlement-state">
      {ENTITLEMENT_STATE_LABELS[state]}
    </Badge>
  );
}
