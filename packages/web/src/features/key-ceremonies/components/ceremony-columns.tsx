import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { KEY_ALGORITHM_LABELS } from '@keydeck/contract/payment-keys';
import type { KeyCeremony, KeyCeremonyState } from '@keydeck/contract/key-ceremonies';
import { formatDateTime } from '../../../lib/datetime';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { STATE_COLORS, STATE_LABELS } from '../api/ceremony-texts';

export function CeremonyStateBadge({ state }: { state: KeyCeremonyState }) {
  return (
    <Badge variant="light" color={STATE_COLORS[state]} tt="none">
      {STATE_LABELS[state]}
    </Badge>
  );
}

export const custodiansText = (ceremony: KeyCeremony) => (ceremony.custodians.length === 0 ? 'Any' : ceremony.custodians.map((c) => c.username).join(', '));
export const progressText = (ceremony: KeyCeremony) => `${ceremony.components.length} of ${ceremony.components_required}`;

/** The ceremonies' columns; a key's name opens its ceremony. */
export function ceremonyColumns(openCeremony: (ceremony: KeyCeremony) => void): DataTableColumn<KeyCeremony>[] {
  return [
    {
      key: 'name',
      title: 'Key',
      render: (ceremony) => (
        <Stack gap={0}>
          <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={() => openCeremony(ceremony)} aria-label={`Open ${ceremony.name}`}>
            {ceremony.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {ceremony.group}
          </Text>
        </Stack>
      ),
    },
    { key: 'algorithm', title: 'Algorithm', render: (ceremony) => KEY_ALGORITHM_LABELS[ceremony.algorithm] },
    { key: 'components', title: 'Components', render: progressText },
    { key: 'custodians', title: 'Custodians', render: custodiansText },
    { key: 'opened_by', title: 'Opened by', render: (ceremony) => ceremony.opened_by },
    { key: 'state', title: 'State', render: (ceremony) => <CeremonyStateBadge state={ceremony.state} /> },
    { key: 'expires', title: 'Expires', render: (ceremony) => (ceremony.state === 'open' ? formatDateTime(ceremony.expires_at) : '—') },
  ];
}
