import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import type { PortRange } from '@keydeck/contract/port-ranges';
import { Can } from '../../../lib/can';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { deletePortRange, portRangeKeys, portRangesQueryOptions, rangeText } from '../api/port-ranges.api';
import { AssignRangeModal } from '../components/assign-range-modal';
import { CreatePortRangeModal } from '../components/create-port-range-modal';
import { RangeDescription, RangeHolder, RangePorts } from '../components/range-cells';
import { ReleaseRangeButton } from '../components/release-range-button';

const route = getRouteApi('/shell/v2/admin/company-management/port-ranges');

/** Administration › Port ranges: every range of the platform, who holds it, create, assign, release, delete. */
export function PortRangesPage() {
  const { state: search, onChange } = useListSearch(route);
  const queryClient = useQueryClient();
  const [creating, { open, close }] = useDisclosure(false);
  const [assigning, setAssigning] = useState<PortRange | null>(null);
  const query = useQuery(portRangesQueryOptions(search));

  const columns: DataTableColumn<PortRange>[] = [
    { key: 'ports', title: 'Ports', sortKey: 'start_port', render: (range) => <RangePorts range={range} /> },
    { key: 'description', title: 'Description', render: (range) => <RangeDescription range={range} /> },
    { key: 'account', title: 'Account', render: (range) => <RangeHolder range={range} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 120,
      render: (range) =>
        range.account_id ? (
          <ReleaseRangeButton range={range} question={`Release the port range ${rangeText(range)}? ${range.account_name ?? 'The account'} can no longer use it.`} />
        ) : (
          <Can permission={Permission.platformAdmin} mode="disable">
            <Button size="xs" variant="default" aria-label={`Assign ${rangeText(range)}`} onClick={() => setAssigning(range)}>
              Assign
            </Button>
          </Can>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Port ranges
          </Title>
          <Text c="dimmed" mt={4}>
            Ports of the platform set aside for accounts. A range belongs to one account at most and ranges never overlap.
          </Text>
        </div>
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button onClick={open}>New port range</Button>
        </Can>
      </Group>
      <DataTable
        label="Port ranges"
        columns={columns}
        query={query}
        rowKey={(range) => range.id}
        list={{ state: search, onChange }}
        emptyText="There are no port ranges yet."
        minWidth={560}
        selection={{
          rowLabel: (range) => `port range ${rangeText(range)}`,
          actions: [
            {
              label: 'Delete',
              color: 'error',
              permission: Permission.platformAdmin,
              confirm: (rows) =>
                `Delete ${rows.length === 1 ? `the port range ${rangeText(rows[0]!)}` : `${rows.length} port ranges`}? Accounts holding them lose them.`,
              run: deletePortRange,
              successText: (range) => `Deleted: ${rangeText(range)}`,
              failureText: (range, message) => `Failed deleting ${rangeText(range)}: ${message}`,
              onSettled: () => void queryClient.invalidateQueries({ queryKey: portRangeKeys.all }),
            },
          ],
        }}
      />
      <CreatePortRangeModal opened={creating} onClose={close} />
      <AssignRangeModal range={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
