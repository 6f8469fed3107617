import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AuditEvent } from '@keydeck/contract/audit';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/datetime';
import { CopyText } from '../../../lib/ui/copy-text';
import { OutcomeBadge } from './outcome-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

const plain = (value: string | null) => <Text size="sm" style={{ overflowWrap: 'break-word' }}>{value ?? '—'}</Text>;

/** Everything the log knows of one event, for an investigation: who, what, on what, from where, and how it ended. */
export function AuditEventDrawer({ event, accountName, onClose }: { event: AuditEvent | null; accountName?: string | undefined; onClose: () => void }) {
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="md" title={event ? `Event #${event.seq}` : ''}>
      {event ? (
        <SimpleGrid cols={1} spacing="md" data-testid="audit-event-details">
          <Fact label="Time">{plain(formatDateTime(event.occurred_at))}</Fact>
          {accountName !== undefined ? <Fact label="Account">{plain(accountName)}</Fact> : null}
          <Fact label="Actor">{plain(event.actor_username)}</Fact>
          <Fact label="Action">
            <Text ff="monospace" size="sm">
              {event.action}
            </Text>
          </Fact>
          <Fact label="Target">
            {event.target_name ? (
              <Stack gap={2}>
                {plain(event.target_name)}
                <CopyText value={event.target ?? ''} label="target id" />
              </Stack>
            ) : (
              plain(event.target)
            )}
          </Fact>
          <Fact label="Outcome">
            <Group gap="xs">
              <OutcomeBadge outcome={event.outcome} />
              {event.reason ? (
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {event.reason}
                </Text>
              ) : null}
            </Group>
          </Fact>
          <Fact label="Client address">
            <Text ff="monospace" size="sm">
              {event.client_address || '— (the server’s own work)'}
            </Text>
          </Fact>
          <Fact label="Request id">
            <CopyText value={event.request_id} label="request id" />
          </Fact>
          <Fact label="Position in the chain">{plain(`Event ${event.seq} of this account’s log`)}</Fact>
        </SimpleGrid>
      ) : null}
    </Drawer>
  );
}
