import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Table.css';
import { Drawer, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/datetime';
import { deviceHistoryQueryOptions } from '../api/devices.api';

/** Who changed a device and when, newest first (added, archived, moved…). */
export function DeviceHistoryDrawer({ serviceId, serial, onClose }: { serviceId: string; serial: string | null; onClose: () => void }) {
  return (
    <Drawer opened={serial !== null} onClose={onClose} position="right" size="lg" title={serial ? `History of device ${serial}` : ''} closeButtonProps={{ 'aria-label': 'Close' }}>
      {serial ? <History serviceId={serviceId} serial={serial} /> : null}
    </Drawer>
  );
}

function History({ serviceId, serial }: { serviceId: string; serial: string }) {
  const history = useQuery(deviceHistoryQueryOptions(serviceId, serial));
  if (history.isPending) return <Loader size="sm" aria-label="Loading the history" />;
  if (history.isError) return <Text size="sm">{history.error.message}</Text>;
  if (history.data.data.length === 0) return <Text size="sm" c="dimmed">No changes recorded for this device.</Text>;
  return (
    <Table aria-label={`History of device ${serial}`} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.data.map((entry) => (
          <Table.Tr key={`${entry.request_id}-${entry.occurred_at}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</Table.Td>
            <Table.Td>{entry.actor ?? '—'}</Table.Td>
            <Table.Td>{entry.change}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
