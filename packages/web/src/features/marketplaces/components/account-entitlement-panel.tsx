import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MarketplaceMessages } from '@keydeck/contract/marketplaces';
import { formatDateTime } from '../../../lib/datetime';
import { FactCard } from '../../../lib/ui/fact-card';
import { entitlementQueryOptions } from '../api/marketplaces.api';
import { EntitlementActionButtons, EntitlementDialogs, type EntitlementDialog } from './entitlement-actions';
import { EntitlementDecision, EntitlementServices } from './entitlement-facts';
import { EntitlementStateBadge } from './entitlement-state-badge';

/** One account's marketplace entitlement with its decision and actions, or why there is none. */
export function AccountEntitlementPanel({ accountId }: { accountId: string }) {
  const { data: entitlement, isPending } = useQuery(entitlementQueryOptions(accountId));
  const [dialog, setDialog] = useState<EntitlementDialog>(null);

  if (isPending) return <Skeleton height={120} />;
  // A failed load is toasted centrally; only a 404 (null) means there is no entitlement.
  if (entitlement === undefined) return null;
  if (entitlement === null) {
    return (
      <Text c="dimmed" data-testid="no-marketplace">
        {MarketplaceMessages.noEntitlement}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={2} fz="h4">
            {entitlement.provider_label}
          </Title>
          <EntitlementStateBadge state={entitlement.state} />
        </Group>
        <EntitlementActionButtons entitlement={entitlement} onOpen={setDialog} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FactCard label="Token fingerprint" value={entitlement.token_fingerprint} mono />
        <FactCard label="Signed up" value={formatDateTime(entitlement.recorded_at)} />
        <FactCard label="Provider" value={entitlement.provider_label} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {MarketplaceMessages.fingerprintHint}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Decision
          </Text>
          <EntitlementDecision entitlement={entitlement} />
        </Card>
        <Card withBorder padding="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Services it pays for
          </Text>
          <EntitlementServices entitlement={entitlement} />
        </Card>
      </SimpleGrid>
      <EntitlementDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
