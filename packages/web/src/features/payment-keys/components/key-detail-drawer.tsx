import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Table.css';
import { Alert, Drawer, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KCV_METHODS, KEY_ALGORITHM_LABELS, KEY_ORIGINS, type SymmetricKey } from '@keydeck/contract/payment-keys';
import { formatDateTime } from '../../../lib/datetime';
import { keyHistoryQueryOptions } from '../api/symmetric-keys.api';
import { exportabilityLabel, Kcv, KeyStateBadge, modeLabel, usageLabel } from './key-cells';
import { Fact, FactList } from '../../../lib/ui/fact-list';

const KEYSTORES = { software: 'Software keystore (sealed under the platform master key)', pkcs11: 'HSM (PKCS#11)' } as const;

/** One key: its check value and TR-31 attributes, every event of its life with the KCV at the time, and its key slots. */
export function KeyDetailDrawer({ serviceId, shown, onClose }: { serviceId: string; shown: SymmetricKey | null; onClose: () => void }) {
  return (
    <Drawer opened={shown !== null} onClose={onClose} position="right" size="xl" title={shown ? `Key ${shown.name}` : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {shown ? <Details serviceId={serviceId} shown={shown} /> : null}
    </Drawer>
  );
}


function Details({ serviceId, shown }: { serviceId: string; shown: SymmetricKey }) {
  const history = useQuery(keyHistoryQueryOptions(serviceId, shown.name));
  return (
    <Stack gap="lg">
      <FactList>
        <Fact label="State">
          <KeyStateBadge state={shown.state} />
        </Fact>
        <Fact label="KCV">
          <Kcv value={shown.kcv} size="md" />
        </Fact>
        <Fact label="KCV method">{KCV_METHODS[shown.kcv_method]}</Fact>
        <Fact label="Algorithm">{KEY_ALGORITHM_LABELS[shown.algorithm]}</Fact>
        <Fact label="Key usage">{usageLabel(shown.usage)}</Fact>
        <Fact label="Mode of use">{modeLabel(shown.mode_of_use)}</Fact>
        <Fact label="Exportability">{exportabilityLabel(shown.exportability)}</Fact>
        <Fact label="Key version">{shown.version}</Fact>
        <Fact label="Key group">{shown.group}</Fact>
        <Fact label="Origin">{KEY_ORIGINS[shown.origin]}</Fact>
        <Fact label="Keystore">{KEYSTORES[shown.keystore]}</Fact>
        <Fact label="Created">{formatDateTime(shown.created_at)}</Fact>
        <Fact label="Rotated">{shown.rotated_at ? formatDateTime(shown.rotated_at) : 'Never'}</Fact>
      </FactList>
      {history.isPending ? <Loader size="sm" aria-label="Loading the history" /> : null}
      {history.isError ? (
        <Alert color="error" variant="light" title="The history could not be loaded">
          {history.error.message}
        </Alert>
      ) : null}
      {history.data ? (
        <>
          <div>
            <Title order={3} fz="h5" mb="xs">
              Key slots
            </Title>
            {history.data.assignments.length === 0 ? (
              <Text size="sm" c="dimmed">
                Not assigned to any device group&apos;s key slot.
              </Text>
            ) : (
              <Text size="sm">{history.data.assignments.map((a) => `${a.group} slot ${a.key_slot}`).join(', ')}</Text>
            )}
          </div>
          <div>
            <Title order={3} fz="h5" mb="xs">
              History
            </Title>
            <Table.ScrollContainer minWidth={560} type="native">
              <Table aria-label={`History of ${shown.name}`} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>KCV</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Detail</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.events.map((event, i) => (
                    <Table.Tr key={`${event.occurred_at}-${i}`}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.occurred_at)}</Table.Td>
                      <Table.Td>{event.action}</Table.Td>
                      <Table.Td>
                        <Kcv value={event.kcv} />
                      </Table.Td>
                      <Table.Td>{event.actor}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {event.detail || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
        </>
      ) : null}
    </Stack>
  );
}
