import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Permission } from '@keydeck/contract/permissions';
import type { User, UsersListQuery } from '@keydeck/contract/users';
import { Can } from '../../../lib/can';
import { formatDateTime, formatTimeAgo } from '../../../lib/datetime';
import type { BatchAction } from '../../../lib/ui/batch-action';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { deleteUser, resetUserMfa, setUserDisabled, useResendInvitation, usersListQueryOptions } from '../api/users.api';
import { invalidateUsersAndRoles } from '../api/users.keys';
import { UserModal, type UserTarget } from './user-modal';
import { UserStatusBadges } from './user-status-badges';
import { showToast } from '../../../lib/toasts';

const who = (rows: User[], what: string) => (rows.length === 1 ? `${what} ${rows[0]!.name} (${rows[0]!.username})` : `${rows.length} users`);

interface UsersPanelProps {
  /** Another account's users (platform administrators); without it the signed-in user's own account. */
  accountId?: string;
  state: Omit<UsersListQuery, 'account_id'>;
  onChange: (patch: ListStatePatch) => void;
}

/** An account's users: who they are, their roles, whether they are online; invite, edit, and batch disable, enable, delete. */
export function UsersPanel({ accountId, state, onChange }: UsersPanelProps) {
  const queryClient = useQueryClient();
  const query = useQuery(usersListQueryOptions(accountId, state));
  const [target, setTarget] = useState<UserTarget>(null);
  const refresh = () => void invalidateUsersAndRoles(queryClient, accountId);

  const columns: DataTableColumn<User>[] = [
    {
      key: 'name',
      title: 'User',
      sortKey: 'name',
      render: (user) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Text fw={600} size="sm">
            {user.name}
          </Text>
          <Text ff="monospace" size="xs" c="dimmed">
            {user.username}
          </Text>
        </div>
      ),
    },
    { key: 'email', title: 'Email', sortKey: 'email', render: (user) => user.email },
    {
      key: 'roles',
      title: 'Roles',
      render: (user) =>
        user.platform_admin ? (
          <Text size="sm" fw={600}>
            Platform administrator{user.group ? `, ${user.group}` : ''}
          </Text>
        ) : user.group ? (
          user.group
        ) : (
          <Text size="sm" c="dimmed">
            No role
          </Text>
        ),
    },
    { key: 'status', title: 'Status', render: (user) => <UserStatusBadges user={user} /> },
    { key: 'mfa', title: 'Second factors', render: (user) => <FactorsCell user={user} /> },
    {
      key: 'seen',
      title: 'Last seen',
      render: (user) =>
        user.last_seen_at ? (
          <Text size="sm" title={formatDateTime(user.last_seen_at)} style={{ whiteSpace: 'nowrap' }}>
            {formatTimeAgo(user.last_seen_at)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            No session
          </Text>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 190,
      render: (user) => (
        <Group gap={4} wrap="nowrap">
          <Can permission={Permission.usersManage} mode="disable">
            <Button size="xs" variant="subtle" aria-label={`Edit ${user.username}`} onClick={() => setTarget(user)}>
              Edit
            </Button>
          </Can>
          {user.invited ? <ResendInvitation accountId={accountId} user={user} /> : null}
        </Group>
      ),
    },
  ];

  const actions: BatchAction<User>[] = [
    {
      label: 'Disable',
      color: 'warning',
      permission: Permission.usersManage,
      confirm: (rows) => `Disable ${who(rows, 'the user')}? They are signed out at once and cannot sign in until enabled again.`,
      run: (user) => setUserDisabled(accountId, user.id, true),
      successText: (user) => `Disabled ${user.username}`,
      failureText: (user, message) => `Failed disabling ${user.username}: ${message}`,
      onSettled: refresh,
    },
    {
      label: 'Enable',
      permission: Permission.usersManage,
      confirm: (rows) => `Enable ${who(rows, 'the user')}? They can sign in again.`,
      run: (user) => setUserDisabled(accountId, user.id, false),
      successText: (user) => `Enabled ${user.username}`,
      failureText: (user, message) => `Failed enabling ${user.username}: ${message}`,
      onSettled: refresh,
    },
    {
      label: 'Reset MFA',
      color: 'warning',
      permission: Permission.usersManage,
      confirm: (rows) =>
        `Reset multi-factor authentication for ${who(rows, 'the user')}? Their authenticator app and recovery codes stop working; where MFA is enforced they set up a new app at their next sign-in.`,
      run: (user) => resetUserMfa(accountId, user.id),
      successText: (user) => `Reset MFA of ${user.username}`,
      failureText: (user, message) => `Failed resetting MFA of ${user.username}: ${message}`,
      onSettled: refresh,
    },
    {
      label: 'Delete',
      color: 'error',
      permission: Permission.usersManage,
      confirm: (rows) => `Delete ${who(rows, 'the user')}? Their sessions and roles go with them; this cannot be undone.`,
      run: (user) => deleteUser(accountId, user.id),
      successText: (user) => `Deleted ${user.username}`,
      failureText: (user, message) => `Failed deleting ${user.username}: ${message}`,
      onSettled: refresh,
    },
  ];

  return (
    <Stack gap="sm">
      <DataTable
        label="Users"
        columns={columns}
        query={query}
        rowKey={(user) => user.id}
        list={{ state, onChange }}
        searchLabel="Search users"
        minWidth={920}
        toolbar={
          <Can permission={Permission.usersManage} mode="disable">
            <Button onClick={() => setTarget('new')}>Invite user</Button>
          </Can>
        }
        emptyText={state.search ? `No user matches “${state.search}”.` : 'There are no users yet.'}
        selection={{ rowLabel: (user) => user.username, actions }}
      />
      <UserModal accountId={accountId} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** What the user enrolled, and whether they must: "App · 2 keys", "None (required)". */
function FactorsCell({ user }: { user: User }) {
  const { authenticator_app: app, security_keys: keys } = user.factors;
  const enrolled = [app ? 'App' : null, keys ? `${keys} security key${keys === 1 ? '' : 's'}` : null].filter(Boolean).join(' · ');
  return (
    // Missing where required stands out by weight (a warning colour on white fails contrast).
    <Text size="sm" c={enrolled || user.mfa_enforced ? undefined : 'dimmed'} fw={!enrolled && user.mfa_enforced ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {enrolled || 'None'}
      {user.mfa_enforced ? ' (required)' : ''}
    </Text>
  );
}

/** A fresh invitation link for a user who has not chosen a password yet; the old links stop working. */
function ResendInvitation({ accountId, user }: { accountId: string | undefined; user: User }) {
  const resend = useResendInvitation(accountId);
  return (
    <Can permission={Permission.usersManage} mode="disable">
    <Button
      size="xs"
      variant="subtle"
      loading={resend.isPending}
      aria-label={`Resend invitation to ${user.username}`}
      onClick={() => resend.mutate(user.id, { onSuccess: () => showToast({ color: 'success', message: `A new invitation was sent to ${user.email}.` }) })}
    >
      Resend invitation
    </Button>
    </Can>
  );
}
