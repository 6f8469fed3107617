import { useCallback, useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { IDENTITY_PROVIDER_USER_FIELD_LABELS, type IdentityProvider } from '@keydeck/contract/identity-providers';
import { confirm } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { identityProvidersQueryOptions, useDeleteIdentityProvider } from '../api/identity-providers.api';
import { IdentityProviderModal } from '../components/identity-provider-modal';

const route = getRouteApi('/shell/v2/admin/company-management/accounts/$account_id/identity-providers');

/** Account › Identity providers: the OpenID Connect providers this account's users may sign in with. */
export function AccountIdentityProvidersPage() {
  const { account_id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const query = useQuery(identityProvidersQueryOptions(account_id, search));
  const remove = useDeleteIdentityProvider(account_id);
  const onChange = useCallback(
    (patch: ListStatePatch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) as typeof prev }),
    [navigate],
  );

  const removeProvider = async (provider: IdentityProvider) => {
    if (!(await confirm(`Remove the identity provider ${provider.name}? Its users can no longer sign in with it.`))) return;
    const removed = await remove.mutateAsync(provider.id).catch(() => null);
    if (removed) showToast({ color: 'success', message: `Identity provider ${provider.name} removed.` });
  };

  const columns: DataTableColumn<IdentityProvider>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (p) => <Text fw={600} size="sm">{p.name}</Text> },
    {
      key: 'issuer',
      title: 'Issuer',
      sortKey: 'issuer',
      render: (p) => (
        <Stack gap={0}>
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {p.issuer}
          </Text>
          <Text size="xs" c="dimmed">
            Client {p.client_id} · {p.has_client_secret ? 'secret stored' : 'no secret'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'match',
      title: 'Matches users by',
      render: (p) => (
        <Text size="sm">
          <Text span ff="monospace" size="sm">
            {p.claim}
          </Text>{' '}
          → {IDENTITY_PROVIDER_USER_FIELD_LABELS[p.user_field].toLowerCase()}
        </Text>
      ),
    },
    {
      key: 'enabled',
      title: 'Status',
      render: (p) => (
        <Badge variant="light" color={p.enabled ? 'success' : 'gray'}>
          {p.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="error"
            aria-label={`Remove ${p.name}`}
            loading={remove.isPending && remove.variables === p.id}
            onClick={() => void removeProvider(p)}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} fz="h4">
            Identity providers
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            OpenID Connect providers this account's users may sign in with, from the account's sign-in page. A user
            signs in when the provider's claim matches one of this account's users; nobody is created automatically.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add provider</Button>
      </Group>
      <DataTable
        label="Identity providers"
        columns={columns}
        query={query}
        rowKey={(p) => p.id}
        list={{ state: search, onChange }}
        searchLabel="Search identity providers"
        emptyText="This account has no identity providers: its users sign in with their password."
        minWidth={820}
      />
      <IdentityProviderModal accountId={account_id} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
