import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { DeviceGroup } from '@keydeck/contract/devices';
import type { Service } from '@keydeck/contract/services';
import { formatDate } from '../../../lib/datetime';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { DebouncedInput } from '../../../lib/ui/debounced-input';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { deviceGroupsQueryOptions } from '../api/device-groups.api';
import { BatchReportModal, type BatchReport } from './batch-report-modal';
import { CreateGroupModal } from './create-group-modal';
import { DeleteGroupsModal } from './delete-groups-modal';

type Row = Pick<DeviceGroup, 'group_name'> & Partial<DeviceGroup>;

const columns: DataTableColumn<Row>[] = [
  { key: 'name', title: 'Name', render: (group) => <Text size="sm" fw={500}>{group.group_name}</Text> },
  { key: 'devices', title: 'Devices', width: 120, render: (group) => <Text size="sm">{(group.device_count ?? 0).toLocaleString('en-US')}</Text> },
  { key: 'created', title: 'Created', width: 160, render: (group) => <Text size="sm">{group.created_at ? formatDate(group.created_at) : '—'}</Text> },
];

/**
 * The device groups of the service by name, with how many devices each holds; they load a chunk at a time. Creating
 * and deleting need Device at Modify; deleting asks what becomes of the groups' devices and reports each group.
 */
export function DeviceGroupsSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('Device', 'Modify');
  const [search, setSearch] = useState<string | undefined>();
  const groups = useInfiniteQuery(deviceGroupsQueryOptions(service.id, search, false));
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [report, setReport] = useState<BatchReport | null>(null);

  const rows = groups.data?.pages.flatMap((chunk) => chunk.data) ?? [];
  const total = groups.data?.pages[0]?.total ?? 0;
  const table = { ...groups, data: groups.data ? { data: rows, total } : undefined };
  const pick = (names: string[], on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      names.forEach((name) => (on ? next.add(name) : next.delete(name)));
      return next;
    });

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Device groups
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Every device belongs to one group of the service.
        </Text>
      </div>
      {canModify && picked.size > 0 ? (
        <SelectionPanel
          summary={`${picked.size} selected`}
          actions={
            <Button size="xs" color="error" onClick={() => setDeleting([...picked])}>
              Delete
            </Button>
          }
          onClear={() => setPicked(new Set())}
        />
      ) : null}
      <DataTable
        label="Device groups"
        columns={columns}
        query={table}
        rowKey={(group) => group.group_name}
        toolbar={
          <Group gap="sm" justify="space-between" w="100%">
            <DebouncedInput type="search" hideLabel label="Search groups by name" value={search} onCommit={setSearch} w={{ base: '100%', xs: 280 }} />
            {canModify ? <Button onClick={() => setCreating(true)}>New group</Button> : null}
          </Group>
        }
        emptyText={search ? 'No group matches.' : 'No device groups yet.'}
        {...(canModify ? { picked: { rowLabel: (group: Row) => `group ${group.group_name}`, keys: picked, onToggle: (chosen: Row[], on: boolean) => pick(chosen.map((g) => g.group_name), on) } } : {})}
        minWidth={520}
      />
      {groups.data ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} groups
          </Text>
          {groups.hasNextPage ? (
            <Button variant="default" size="xs" loading={groups.isFetchingNextPage} onClick={() => void groups.fetchNextPage()}>
              Load more
            </Button>
          ) : null}
        </Group>
      ) : null}
      <CreateGroupModal serviceId={service.id} opened={creating} onClose={() => setCreating(false)} />
      <DeleteGroupsModal
        serviceId={service.id}
        groups={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(lines) => {
          pick(lines.filter((line) => line.outcome === 'succeeded').map((line) => line.name), false);
          setReport({ title: 'Delete device groups', lines, nameColumn: 'group' });
        }}
      />
      <BatchReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
