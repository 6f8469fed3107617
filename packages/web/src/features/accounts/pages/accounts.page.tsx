import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Account } from '@keydeck/contract/accounts';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDate } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { accountKeys, accountsListQueryOptions } from '../../../lib/accounts.queries';
import { disableAccount } from '../api/accounts.api';
import { AccountStatusBadge } from '../components/account-status-badge';
import { CreateAccountModal } from '../components/create-account-modal';
import { InviteAdministratorModal } from '../components/invite-administrator-modal';

const route = getRouteApi('/shell/v2/admin/company-management/accounts');

const columns: DataTableColumn<Account>[] = [
  {
    key: 'name',
    title: 'Name',
    sortKey: 'name',
    render: (account) => (
      <Anchor
        fw={600}
        renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/accounts/$account_id" params={{ account_id: account.id }} />}
      >
        {account.name}
      </Anchor>
    ),
  },
  { key: 'slug', title: 'Slug', sortKey: 'account_slug', render: (account) => <Text ff="monospace" size="sm">{account.account_slug}</Text> },
  { key: 'code', title: 'Code', render: (account) => <Text ff="monospace" size="sm">{account.account_code}</Text> },
  { key: 'users', title: 'Users', render: (account) => account.user_count },
  { key: 'status', title: 'Status', render: (account) => <AccountStatusBadge disabled={account.disabled} /> },
  { key: 'created', title: 'Created', sortKey: 'created_at', render: (account) => formatDate(account.created_at) },
];

/** Administration › Accounts: every company account, with create and batch disable. */
export function AccountsPage() {
  const { state: search, onChange } = useListSearch(route);
  const queryClient = useQueryClient();
  const [creating, { open, close }] = useDisclosure(false);
  const [invitingTo, setInvitingTo] = useState<Account | null>(null);
  const query = useQuery(accountsListQueryOptions(search));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            Accounts
          </Title>
          <Text c="dimmed" mt={4}>
            Company accounts on the platform.
          </Text>
        </div>
        <Can permission={Permission.platformAdmin} mode="disable">
          <Button onClick={open}>New account</Button>
        </Can>
      </Group>
      <DataTable
        label="Accounts"
        columns={columns}
        query={query}
        rowKey={(account) => account.id}
        list={{ state: search, onChange }}
        searchLabel="Search accounts"
        emptyText={search.search ? `No account matches “${search.search}”.` : 'There are no accounts yet.'}
        selection={{
          rowLabel: (account) => account.name,
          actions: [
            {
              label: 'Disable',
              color: 'error',
              permission: Permission.platformAdmin,
              confirm: (rows) =>
                `Disable ${rows.length === 1 ? `the account ${rows[0]!.name}` : `${rows.length} accounts`}? Their users are signed out and cannot sign in until the account is enabled again.`,
              run: (account) => disableAccount(account.id),
              successText: (account) => `Disabled ${account.name}`,
              failureText: (account, message) => `Failed disabling ${account.name}: ${message}`,
              onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.all }),
            },
          ],
        }}
      />
      <CreateAccountModal opened={creating} onClose={close} onCreated={setInvitingTo} />
      <InviteAdministratorModal account={invitingTo} onClose={() => setInvitingTo(null)} />
    </Stack>
  );
}
