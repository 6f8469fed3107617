import { useState } from 'react';
import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IDENTITY_PROVIDER_USER_FIELD_LABELS, type IdentityProvider, type IdentityProvidersQuery } from '@keydeck/contract/identity-providers';
import { allowedFlowsQueryOptions } from '../../../lib/allowed-flows.queries';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { identityProvidersQueryOptions, useDeleteIdentityProvider } from '../api/identity-providers.api';
import { IdentityProviderModal } from './identity-provider-modal';
import { ListHeading } from '../../../lib/ui/list-heading';
import { RowActions } from '../../../lib/ui/row-actions';

interface IdentityProvidersPanelProps {
  accountId: string;
  /** The list's paging, order and search, kept in the URL by the page. */
  search: IdentityProvidersQuery;
  onSearchChange: (patch: ListStatePatch) => void;
  /** The heading's level, set by the page it sits on. */
  headingOrder: 1 | 2;
  description: string;
  emptyText: string;
}

/**
 * An account's OpenID Connect providers with add, edit and remove: the platform administrator's account tab and
 * the customer's own settings screen show the same list.
 */
export function IdentityProvidersPanel({ accountId, search, onSearchChange, headingOrder, description, emptyText }: IdentityProvidersPanelProps) {
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const query = useQuery(identityProvidersQueryOptions(accountId, search));
  const remove = useDeleteIdentityProvider(accountId);
  const flows = useQuery(allowedFlowsQueryOptions(accountId));

  const removeProvider = async (provider: IdentityProvider) => {
    const removed = await confirmAction(`Remove the identity provider ${provider.name}? Its users can no longer sign in with it.`, () => remove.mutateAsync(provider.id));
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
        <Badge variant="dot" color={p.enabled ? 'success' : 'secondary'}>
          {p.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (p) => (
        <RowActions
          name={p.name}
          onEdit={() => setEditing(p)}
          onDelete={() => void removeProvider(p)}
          deleting={remove.isPending && remove.variables === p.id}
          deleteLabel="Remove"
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="Identity providers"
        order={headingOrder}
        description={description}
        descriptionWidth={760}
        actions={<Button onClick={() => setEditing('new')}>Add provider</Button>}
      />
      {flows.data?.openid === false ? (
        <Alert color="warning" variant="light" title="Sign-in with identity providers is turned off">
          This account does not allow OpenID Connect sign-in: its sign-in page offers none of these providers and the
          server refuses them. Platform administrators change this on the account's Allowed flows tab.
        </Alert>
      ) : null}
      <DataTable
        label="Identity providers"
        columns={columns}
        query={query}
        rowKey={(p) => p.id}
        list={{ state: search, onChange: onSearchChange }}
        searchLabel="Search identity providers"
        emptyText={emptyText}
        minWidth={820}
      />
      <IdentityProviderModal accountId={accountId} editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
