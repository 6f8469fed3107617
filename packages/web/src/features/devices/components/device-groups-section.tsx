import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { DeviceGroup } from '@keydeck/contract/devices';
import type { Service } from '@keydeck/contract/services';
import { formatDate } from '../../../lib/datetime';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { DebouncedInput } from '../../../lib/ui/debounced-input';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { deviceGroupsQueryOptions } from '../api/device-groups.api';
import { BatchReportModal, type BatchReport } from './batch-report-modal';
import { DeviceGroupModal } from './device-group-modal';
import { DeleteGroupsModal } from './delete-groups-modal';

type Row = Pick<DeviceGroup, 'group_name'> & Partial<DeviceGroup>;

/** The group's name opens the Remote Devices list filtered to it. */
const columns: DataTableColumn<Row>[] = [
  {
    key: 'name',
    title: 'Name',
    render: (group) => (
      <Anchor size="sm" fw={500} renderRoot={(props) => <Link {...props} to="/home/service/devices" search={{ group: group.group_name }} />}>
        {group.group_name}
      </Anchor>
    ),
  },
  { key: 'devices', title: 'Devices', width: 120, render: (group) => <Text size="sm">{(group.device_count ?? 0).toLocaleString('en-US')}</Text> },
  { key: 'created', title: 'Created', width: 160, render: (group) => <Text size="sm">{group.created_at ? formatDate(group.created_at) : '—'}</Text> },
];

/**
 * The device groups of the service by name, with how many devices each holds; they load a chunk at a time, and a
 * group opens its devices. Creating, renaming and deleting need Device at Modify; deleting asks what becomes of the
 * groups' devices and reports each group.
 */
export function DeviceGroupsSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('Device', 'Modify');
  const [search, setSearch] = useState<string | undefined>();
  const groups = useInfiniteQuery(deviceGroupsQueryOptions(service.id, search, false));
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // undefined: closed; null: a new group; a name: that group renamed.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [report, setReport] = useState<BatchReport | null>(null);

  const rows = groups.data?.pages.flatMap((chunk) => chunk.data) ?? [];
  const total = groups.data?.pages[0]?.total ?? 0;
  const table = { ...groups, data: groups.data ? { data: rows, total } : undefined };
  const shown: DataTableColumn<Row>[] = canModify
    ? [
        ...columns,
        {
          key: 'actions',
          title: 'Actions',
          width: 110,
          render: (group) => (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing(group.group_name)} aria-label={`Rename ${group.group_name}`}>
              Rename
            </Button>
          ),
        },
      ]
    : columns;
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
        columns={shown}
        query={table}
        rowKey={(group) => group.group_name}
        toolbar={
          <Group gap="sm" justify="space-between" w="100%">
            <DebouncedInput type="search" hideLabel label="Search groups by name" value={search} onCommit={setSearch} w={{ base: '100%', xs: 280 }} />
            {canModify ? <Button onClick={() => setEditing(null)}>New group</Button> : null}
          </Group>
        }
        emptyText={search ? `No group name contains "${search}".` : `No device groups yet. ${canModify ? 'Create one with New group: every device belongs to a group.' : 'Someone who may change devices creates them.'}`}
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
      <DeviceGroupModal serviceId={service.id} opened={editing !== undefined} group={editing ?? undefined} onClose={() => setEditing(undefined)} />
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
