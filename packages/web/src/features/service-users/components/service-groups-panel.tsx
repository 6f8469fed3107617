import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ServiceUserGroup } from '@keydeck/contract/service-users';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { serviceGroupsQueryOptions, useDeleteGroup, type ServiceRef } from '../api/service-users.api';
import { GroupFormModal } from './group-form-modal';
import { exportGroups, treeOrder, type PlacedGroup } from './group-tree';
import { ImportGroupsModal } from './import-groups-modal';
import { permissionSummary } from './permission-matrix';
import { PresenceBadge } from './presence-badge';

type Editing = { group?: ServiceUserGroup } | null;

/** The Groups tab: the group tree under Root, each group's permissions, status and users. */
export function ServiceGroupsPanel({ service, serviceName, canModify }: { service: ServiceRef; serviceName: string; canModify: boolean }) {
  const tree = useQuery({ ...serviceGroupsQueryOptions(service), select: (page) => ({ data: treeOrder(page.data), total: page.total }) });
  const remove = useDeleteGroup(service);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const groups = tree.data?.data;

  const deleteGroup = async (group: ServiceUserGroup) => {
    const done = await confirmAction(`Delete the group ${group.name}?`, () => remove.mutateAsync(group.name).then(() => true));
    if (done) showToast({ color: 'success', message: `Deleted: ${group.name}` });
  };

  const columns: DataTableColumn<PlacedGroup>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (g) => (
        <Text size="sm" fw={500} pl={g.depth * 20} style={{ whiteSpace: 'nowrap' }}>
          {g.depth ? '└ ' : ''}
          {g.name}
        </Text>
      ),
    },
    { key: 'parent', title: 'Parent', render: (g) => g.parent },
    { key: 'status', title: 'Status', render: (g) => <PresenceBadge status={g.status} /> },
    { key: 'users', title: 'Users', render: (g) => g.user_count },
    { key: 'permissions', title: 'Permissions', render: (g) => <Text size="sm">{permissionSummary(g.permissions)}</Text> },
  ];
  if (canModify) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 170,
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" aria-label={`Change ${g.name}`} onClick={() => setEditing({ group: g })}>
            Change
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="error"
            aria-label={`Delete ${g.name}`}
            loading={remove.isPending && remove.variables === g.name}
            onClick={() => void deleteGroup(g)}
          >
            Delete
          </Button>
        </Group>
      ),
    });
  }

  const toolbar = (
    <Group gap="sm">
      {canModify ? (
        <>
          <Button onClick={() => setEditing({})}>New group</Button>
          <Button variant="default" onClick={() => setImporting(true)}>
            Import
          </Button>
        </>
      ) : null}
      <Button variant="default" disabled={!groups?.length} onClick={() => groups && exportGroups(serviceName, groups)}>
        Export
      </Button>
    </Group>
  );

  return (
    <>
      <DataTable label="Service user groups" columns={columns} query={tree} rowKey={(g) => g.name} emptyText="This service has no groups yet." minWidth={720} toolbar={toolbar} />
      <GroupFormModal
        service={service}
        {...(editing?.group ? { group: editing.group } : {})}
        groups={groups ?? []}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ImportGroupsModal service={service} opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
