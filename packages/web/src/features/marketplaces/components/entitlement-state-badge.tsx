import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { ENTITLEMENT_STATE_LABELS } from '@keydeck/contract/marketplaces';
import { type EntitlementState } from '@keydeck/contract/marketplaces-queries';

const STATE_COLORS: Record<EntitlementState, string> = { pending: 'warning', approved: 'success', rejected: 'error' };

export function EntitlementStateBadge({ state }: { state: EntitlementState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} data-testid="entitlement-state">
      {ENTITLEMENT_STATE_LABELS[state]}
    </Badge>
  );
}
