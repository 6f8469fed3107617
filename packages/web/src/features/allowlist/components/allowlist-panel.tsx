import '@mantine/core/styles/Code.css';
import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Allowlist } from '@keydeck/contract/allowlist';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { allowlistQueryOptions, useAllowlistChange } from '../api/allowlist.api';
import { AllowlistAddForm } from './allowlist-add-form';

type Entry = Allowlist['ip_addresses'][number];

function RemoveButton({ accountId, entry }: { accountId: string | undefined; entry: Entry }) {
  const remove = useAllowlistChange(accountId, 'DELETE');
  return (
    <Can permission={Permission.allowlistManage} mode="disable">
      <Button
        size="xs"
        variant="subtle"
        color="error"
        loading={remove.isPending}
        aria-label={`Remove ${entry.ip_address}`}
        onClick={() =>
          remove.mutate(entry.ip_address, {
            onSuccess: (list) => {
              if (list) showToast({ color: 'success', message: `${entry.ip_address} removed from the IP allowlist.` });
            },
          })
        }
      >
        Remove
      </Button>
    </Can>
  );
}

/**
 * An account's IP allowlist: the caller's own address first (so they can tell whether a change locks
 * them out), the entries, and the add form. Customers see their own account; the admin tab passes one.
 */
export function AllowlistPanel({ accountId }: { accountId?: string }) {
  const list = useQuery(allowlistQueryOptions(accountId));
  const entries = useQuery({ ...allowlistQueryOptions(accountId), select: (data) => ({ data: data.ip_addresses, total: data.ip_addresses.length }) });
  const columns: DataTableColumn<Entry>[] = [
    { key: 'address', title: 'Address or range', render: (entry) => <Text ff="monospace" size="sm">{entry.ip_address}</Text> },
    { key: 'added', title: 'Added', render: (entry) => formatDateTime(entry.created_at) },
    { key: 'actions', title: 'Actions', width: 110, render: (entry) => <RemoveButton accountId={accountId} entry={entry} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="h4">
          IP allowlist
        </Title>
        {list.data ? (
          <Group gap="xs">
            <Badge variant="dot" color={list.data.enforce_ip ? 'success' : 'secondary'}>
              {list.data.enforce_ip ? 'Enforced' : 'Not enforced'}
            </Badge>
            <Text size="sm" c="dimmed" data-testid="allowlist-usage">
              {list.data.ip_addresses.length} of {list.data.admin_whitelist_allowance} entries used
            </Text>
          </Group>
        ) : null}
      </Group>
      {list.data ? (
        <Card withBorder padding="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm">
            Your current address:{' '}
            <Code fz="md" fw={700} data-testid="current-ip">
              {list.data.current_ip}
            </Code>
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {list.data.enforce_ip
              ? 'Only addresses on this list may sign in and call the API. Keep your own address on it.'
              : 'The list is not enforced: every address may sign in until enforcement is turned on.'}
          </Text>
        </Card>
      ) : null}
      <AllowlistAddForm accountId={accountId} />
      <DataTable
        label="IP allowlist entries"
        columns={columns}
        query={entries}
        rowKey={(entry) => entry.id}
        emptyText="No addresses yet. Add one above."
        minWidth={340}
      />
    </Stack>
  );
}
