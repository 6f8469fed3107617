import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { HostKey } from '@keydeck/contract/transfer';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { refusedAlone } from '../../../lib/single-refusal';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { endpointOf, hostKeyRef, useForgetHostKeys } from '../api/host-keys.api';
import { Fingerprint, HostKeyStatusBadge } from './transfer-cells';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

interface HostKeysPanelProps {
  serviceId: string;
  hostKeys: UseQueryResult<{ host_keys: HostKey[] }>;
  canModify: boolean;
  /** Opens the confirmation of a pending key. */
  onTrust: (key: HostKey) => void;
}

/**
 * The SSH host keys of the service's SFTP and SCP servers: trusted, or pending an operator's comparison of the
 * fingerprint (a first contact, or a changed key, shown with the trusted key it would replace). Trust and Forget
 * need Host at Modify.
 */
export function HostKeysPanel({ serviceId, hostKeys, canModify, onTrust }: HostKeysPanelProps) {
  const forget = useForgetHostKeys(serviceId);
  const rows = hostKeys.data?.host_keys ?? [];
  const table = { ...hostKeys, isPlaceholderData: false, data: hostKeys.data ? { data: rows, total: rows.length } : undefined };

  const forgetKey = async (key: HostKey) => {
    const endpoint = endpointOf(key);
    const question =
      key.status === 'trusted'
        ? `Forget the trusted host key ${key.fingerprint} of ${endpoint}? Nothing is sent to ${endpoint} until an operator compares and trusts the key it presents at the next connection.`
        : `Forget the pending host key ${key.fingerprint} of ${endpoint}? The next connection records the key the server presents again.`;
    const results = await confirmAction(question, async () => refusedAlone((await forget.mutateAsync([hostKeyRef(key)])).results), 'Forget host key');
    results?.forEach((result) => showToast({ color: 'success', message: result.message }));
  };

  const columns: DataTableColumn<HostKey>[] = [
    {
      key: 'host',
      title: 'Host',
      render: (key) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={NO_WRAP}>
            {endpointOf(key)}
          </Text>
          {key.servers.length > 0 ? (
            <Text size="xs" c="dimmed">
              {key.servers.join(', ')}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'type', title: 'Key type', render: (key) => <Text size="xs" ff="monospace" style={NO_WRAP}>{key.key_type}</Text> },
    { key: 'fingerprint', title: 'Fingerprint (SHA-256)', render: (key) => <Fingerprint value={key.fingerprint} /> },
    { key: 'status', title: 'Status', render: (key) => <HostKeyStatusBadge hostKey={key} /> },
    {
      key: 'confirmed',
      title: 'Confirmed',
      render: (key) =>
        key.confirmed_at ? (
          <Stack gap={0}>
            <Text size="sm">{key.confirmed_by ?? '—'}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(key.confirmed_at)}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="sm">Not yet</Text>
            <Text size="xs" c="dimmed">
              Seen {formatDateTime(key.last_seen_at)}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'replaces',
      title: 'Replaces',
      render: (key) =>
        key.replaces ? (
          <Fingerprint value={key.replaces} />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        ),
    },
  ];
  if (canModify) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (key) => (
        <Group gap={4} wrap="nowrap">
          {key.status === 'pending' ? (
            <Button size="compact-sm" variant="light" color={key.replaces ? 'error' : undefined} onClick={() => onTrust(key)} aria-label={`Trust the host key of ${endpointOf(key)}`}>
              Trust…
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            color="error"
            loading={forget.isPending && forget.variables?.[0]?.fingerprint === key.fingerprint}
            onClick={() => void forgetKey(key)}
            aria-label={`Forget the host key ${key.fingerprint} of ${endpointOf(key)}`}
          >
            Forget…
          </Button>
        </Group>
      ),
    });
  }

  return (
    <DataTable
      label="Host keys"
      columns={columns}
      query={table}
      rowKey={(key) => key.id}
      emptyText="No host keys yet. Test the connection of an SFTP or SCP server: the key it presents appears here for you to compare and trust."
      minWidth={880}
    />
  );
}
