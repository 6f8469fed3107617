import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ServiceUser } from '@keydeck/contract/service-users';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { serviceUsersQueryOptions, useRemoveServiceUser, type ServiceRef } from '../api/service-users.api';
import { PresenceBadge } from './presence-badge';
import { ServiceUserModal } from './service-user-modal';

/** The Users tab: who may open sessions on the service, their group and whether they are on it now. */
export function ServiceUsersPanel({ service, canModify, self }: { service: ServiceRef; canModify: boolean; self?: string }) {
  const query = useQuery(serviceUsersQueryOptions(service));
  const remove = useRemoveServiceUser(service);
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<ServiceUser | undefined>();

  const removeUser = async (user: ServiceUser) => {
    const question = `Remove ${user.username} from the service? Their service session ends at once.`;
    const done = await confirmAction(question, () => remove.mutateAsync(user.username).then(() => true));
    if (done) showToast({ color: 'success', message: `${user.username} removed from the service.` });
  };

  const columns: DataTableColumn<ServiceUser>[] = [
    { key: 'username', title: 'Username', render: (u) => <Text size="sm" fw={500}>{u.username}</Text> },
    { key: 'name', title: 'Name', render: (u) => u.name },
    { key: 'group', title: 'Group', render: (u) => u.group },
    { key: 'status', title: 'Status', render: (u) => <PresenceBadge status={u.status} /> },
  ];
  if (canModify) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 220,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" aria-label={`Change group of ${u.username}`} onClick={() => setMoving(u)}>
            Change group
          </Button>
          {/* Nobody removes themselves: the server refuses it, so the button is not offered. */}
          {u.username === self ? null : (
            <Button
              size="xs"
              variant="subtle"
              color="error"
              aria-label={`Remove ${u.username}`}
              loading={remove.isPending && remove.variables === u.username}
              onClick={() => void removeUser(u)}
            >
              Remove
            </Button>
          )}
        </Group>
      ),
    });
  }

  return (
    <>
      <DataTable
        label="Service users"
        columns={columns}
        query={query}
        rowKey={(u) => u.username}
        emptyText="This service has no users yet."
        minWidth={560}
        toolbar={canModify ? <Button onClick={() => setAdding(true)}>Add user</Button> : undefined}
      />
      <ServiceUserModal service={service} members={query.data?.data ?? []} opened={adding} onClose={() => setAdding(false)} />
      <ServiceUserModal service={service} user={moving} members={[]} opened={moving !== undefined} onClose={() => setMoving(undefined)} />
    </>
  );
}
