import { Text } from '@mantine/core';
import type { MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { formatDateTime } from '../../../lib/datetime';

/** Who decided and when, with the plan of an approval or the reason of a rejection. */
export function EntitlementDecision({ entitlement: e }: { entitlement: MarketplaceEntitlement }) {
  if (e.state === 'pending' || !e.decided_at) return <Text size="sm" c="dimmed">Waiting for a decision</Text>;
  return (
    <div>
      <Text size="sm">{e.state === 'approved' ? `Plan: ${e.plan ?? ''}` : `Reason: ${e.reason ?? ''}`}</Text>
      <Text size="xs" c="dimmed">
        {e.decided_by} · {formatDateTime(e.decided_at)}
      </Text>
    </div>
  );
}

/** The services an approved entitlement pays for, by name. */
export function EntitlementServices({ entitlement: e }: { entitlement: MarketplaceEntitlement }) {
  if (e.services.length === 0) return <Text size="sm" c="dimmed">{e.state === 'approved' ? 'None' : '—'}</Text>;
  return <Text size="sm">{e.services.map((s) => s.name).join(', ')}</Text>;
}
