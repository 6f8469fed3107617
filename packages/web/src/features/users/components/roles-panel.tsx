import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Permission } from '@keydeck/contract/permissions';
import { ROLE_PERMISSIONS, type Role, type RolesListQuery } from '@keydeck/contract/roles';
import { Can, useCan, useLacking } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { rolesListQueryOptions, useDeleteRole } from '../api/roles.api';
import { RoleModal, type RoleTarget } from './role-modal';
import { NO_TRUNCATION } from './user-status-badges';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function deleteRoleQuestion(role: Role): string {
  const holders =
    role.user_count === 0
      ? 'No user holds it.'
      : `${plural(role.user_count, 'user holds', 'users hold')} it and will lose its permissions.`;
  return `Delete the role ${role.name}? ${holders}`;
}

function RowActions({ role, accountId, onOpen }: { role: Role; accountId: string | undefined; onOpen: () => void }) {
  const mayManage = useCan(Permission.rolesManage);
  const remove = useDeleteRole(accountId);
  const lacking = useLacking(role.permissions);
  const viewOnly = role.built_in || !mayManage || lacking.length > 0;
  const run = async () => {
    const done = await confirmAction(deleteRoleQuestion(role), () => remove.mutateAsync(role.id));
    if (done) showToast({ color: 'success', message: `Role ${role.name} deleted.` });
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="subtle" onClick={onOpen} aria-label={`${viewOnly ? 'View' : 'Edit'} role ${role.name}`}>
        {viewOnly ? 'View' : 'Edit'}
      </Button>
      {role.built_in ? null : (
        <Can permission={Permission.rolesManage} mode="disable" carries={role.permissions}>
          <Button size="xs" variant="subtle" color="error" loading={remove.isPending} onClick={() => void run()} aria-label={`Delete role ${role.name}`}>
            Delete
          </Button>
        </Can>
      )}
    </Group>
  );
}

interface RolesPanelProps {
  /** Another account's roles (platform administrators); without it the signed-in user's own account. */
  accountId?: string;
  state: Omit<RolesListQuery, 'account_id'>;
  onChange: (patch: ListStatePatch) => void;
}

/** An account's roles: the built-in two and its own, with who holds them; create, edit, view and delete. */
export function RolesPanel({ accountId, state, onChange }: RolesPanelProps) {
  const query = useQuery(rolesListQueryOptions(accountId, state));
  const [target, setTarget] = useState<RoleTarget>(null);
  const columns: DataTableColumn<Role>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (role) => (
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {role.name}
          </Text>
          {role.built_in ? (
            <Badge variant="light" color="secondary" size="sm" styles={NO_TRUNCATION}>
              Built-in
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'permissions',
      title: 'Permissions',
      render: (role) => `${role.permissions.length} of ${ROLE_PERMISSIONS.length}`,
    },
    { key: 'users', title: 'Users', sortKey: 'user_count', render: (role) => role.user_count },
    { key: 'actions', title: 'Actions', width: 150, render: (role) => <RowActions role={role} accountId={accountId} onOpen={() => setTarget(role)} /> },
  ];

  return (
    <>
      <DataTable
        label="Roles"
        columns={columns}
        query={query}
        rowKey={(role) => role.id}
        list={{ state, onChange }}
        searchLabel="Search roles"
        minWidth={560}
        toolbar={
          <Can permission={Permission.rolesManage} mode="disable">
            <Button onClick={() => setTarget('new')}>New role</Button>
          </Can>
        }
        emptyText={state.search ? `No role matches “${state.search}”.` : 'There are no roles yet.'}
      />
      <RoleModal accountId={accountId} target={target} onClose={() => setTarget(null)} />
    </>
  );
}
