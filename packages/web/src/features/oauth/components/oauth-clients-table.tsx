import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OAuthClient, OAuthGrant } from '@keydeck/contract/oauth';
import type { OAuthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { oauthClientsQueryOptions } from '../api/oauth-clients.api';
import { ListHeading } from '../../../lib/ui/list-heading';

/** A table cell has room for the grant's name only; the form says what each does. */
export const GRANT_SHORT_LABELS: Record<OAuthGrant, string> = {
  authorization_code: 'Authorization code',
  refresh_token: 'Refresh token',
  client_credentials: 'Client credentials',
};

interface OAuthClientsTableProps {
  accountId: string;
  list: { state: OAuthClientsListQuery; onChange: (patch: ListStatePatch) => void };
  onOpen: (client: OAuthClient) => void;
  onNew: () => void;
}

/** An account's OAuth clients: applications that call the API for the users who consent (or as their owner). */
export function OAuthClientsTable({ accountId, list, onOpen, onNew }: OAuthClientsTableProps) {
  const query = useQuery(oauthClientsQueryOptions(accountId, list.state));

  const columns: DataTableColumn<OAuthClient>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (c) => (
        <Anchor component="button" type="button" fw={600} size="sm" onClick={() => onOpen(c)}>
          {c.name}
        </Anchor>
      ),
    },
    {
      key: 'type',
      title: 'Type',
      render: (c) => (
        <Badge variant="light" color={c.type === 'confidential' ? 'primary' : 'secondary'}>
          {c.type === 'confidential' ? 'Confidential' : 'Public'}
        </Badge>
      ),
    },
    { key: 'grants', title: 'Grants', render: (c) => c.grant_types.map((grant) => GRANT_SHORT_LABELS[grant]).join(', ') },
    { key: 'scopes', title: 'Scopes', render: (c) => <span title={c.scopes.join(', ')}>{c.scopes.length}</span> },
    { key: 'consents', title: 'Consents', render: (c) => c.consents },
    { key: 'created_at', title: 'Created', sortKey: 'created_at', render: (c) => formatDateTime(c.created_at) },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="OAuth clients"
        order={1}
        description="Applications that call the API for a user who allows it on a consent page (authorization code with PKCE), or as their owner (client credentials). A client gets only the scopes both its owner and the consenting user hold."
        actions={
          <Can permission={Permission.usersManage} mode="disable">
            <Button onClick={onNew}>New OAuth client</Button>
          </Can>
        }
      />
      <DataTable label="OAuth clients" columns={columns} query={query} rowKey={(c) => c.id} list={list} searchLabel="Search OAuth clients" emptyText="No OAuth clients yet." minWidth={860} />
    </Stack>
  );
}
