import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CREDENTIAL_STATE_LABELS, CredentialMessages, type Credential, type CredentialsListQuery, type CredentialWithSecret } from '@keydeck/contract/credentials';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { SecretOnceModal, type ShownSecret } from '../../../lib/ui/secret-once-modal';
import { credentialsQueryOptions, useRevokeCredential } from '../api/credentials.api';
import { CredentialModal, type CredentialTarget } from './credential-modal';
import { RotateCredentialModal } from './rotate-credential-modal';
import { ListHeading } from '../../../lib/ui/list-heading';

const STATE_COLORS = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

interface CredentialsPanelProps {
  accountId: string;
  list: { state: CredentialsListQuery; onChange: (patch: ListStatePatch) => void };
  /** 1 on the settings screen, 2 below the account header. */
  headingOrder: 1 | 2;
}

/** An account's API credentials: the list, a new one (its secret shown once), edit, rotate and revoke. */
export function CredentialsPanel({ accountId, list, headingOrder }: CredentialsPanelProps) {
  const query = useQuery(credentialsQueryOptions(accountId, list.state));
  const revoke = useRevokeCredential(accountId);
  const [editing, setEditing] = useState<CredentialTarget>(null);
  const [rotating, setRotating] = useState<Credential | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const show = (title: string, { client_id, client_secret, credential }: CredentialWithSecret['data']) =>
    setSecret({ title, clientId: client_id, clientSecret: client_secret, warning: CredentialMessages.secretOnce, notes: <SecretNotes overlapEndsAt={credential.previous_secret_expires_at} /> });
  const revokeCredential = async (credential: Credential) => {
    const question = `Revoke the credential ${credential.name}? Its next call is refused, and this cannot be undone.`;
    const revoked = await confirmAction(question, () => revoke.mutateAsync(credential.id), 'Revoke credential');
    if (revoked) showToast({ color: 'success', message: `Credential ${credential.name} revoked.` });
  };

  const columns: DataTableColumn<Credential>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (c) => <Text fw={600} size="sm">{c.name}</Text> },
    { key: 'owner', title: 'Owner', render: (c) => c.owner.username },
    { key: 'permissions', title: 'Permissions', render: (c) => <span title={c.permissions.join(', ')}>{c.permissions.length}</span> },
    { key: 'expires_at', title: 'Expires', sortKey: 'expires_at', render: (c) => formatDateTime(c.expires_at) },
    { key: 'addresses', title: 'Allowed addresses', render: (c) => (c.allowed_cidrs.length ? c.allowed_cidrs.join(', ') : 'Any') },
    {
      key: 'last_used_at',
      title: 'Last used',
      sortKey: 'last_used_at',
      render: (c) =>
        c.last_used_at ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(c.last_used_at)}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {c.last_used_address}
            </Text>
          </Stack>
        ) : (
          'Never'
        ),
    },
    {
      key: 'state',
      title: 'State',
      render: (c) => (
        <Badge variant="light" color={STATE_COLORS[c.state]} data-testid="credential-state">
          {CREDENTIAL_STATE_LABELS[c.state]}
        </Badge>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 220,
      render: (c) =>
        c.state === 'revoked' ? null : (
          <Group gap={4}>
            <Can permission={Permission.usersManage} mode="disable" carries={c.permissions}>
              <Button size="xs" variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                Edit
              </Button>
            </Can>
            <Can permission={Permission.usersManage} mode="disable" carries={c.permissions}>
              <Button size="xs" variant="subtle" aria-label={`Rotate the secret of ${c.name}`} onClick={() => setRotating(c)}>
                Rotate
              </Button>
            </Can>
            <Can permission={Permission.usersManage} mode="disable" carries={c.permissions}>
              <Button
                size="xs"
                variant="subtle"
                color="error"
                aria-label={`Revoke ${c.name}`}
                loading={revoke.isPending && revoke.variables === c.id}
                onClick={() => void revokeCredential(c)}
              >
                Revoke
              </Button>
            </Can>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <ListHeading
        title="API credentials"
        order={headingOrder}
        description="Scripts and CI systems exchange a credential for a short-lived bearer token (OAuth 2 client credentials) and call the API as its owner, with the credential's permissions."
        actions={
          <Group gap="xs">
            {/* Applications that act for a user who consents, beside these credentials that act for their owner. */}
            <Button
              variant="default"
              renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/credentials/oauthclients/{-$oauth_client_id}" params={{ account_id: accountId }} />}
            >
              OAuth clients
            </Button>
            <Can permission={Permission.usersManage} mode="disable">
              <Button onClick={() => setEditing('new')}>New credential</Button>
            </Can>
          </Group>
        }
      />
      <DataTable
        label="API credentials"
        columns={columns}
        query={query}
        rowKey={(c) => c.id}
        list={list}
        emptyText="No API credentials yet."
        minWidth={960}
      />
      <CredentialModal
        accountId={accountId}
        target={editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => show(`Credential ${created.credential.name} created`, created)}
      />
      <RotateCredentialModal
        accountId={accountId}
        credential={rotating}
        onClose={() => setRotating(null)}
        onRotated={(rotated) => show(`New secret for ${rotated.credential.name}`, rotated)}
      />
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

/** Beside a new secret: how long the previous one still works, and where to exchange it for a token. */
function SecretNotes({ overlapEndsAt }: { overlapEndsAt: string | null }) {
  return (
    <>
      {overlapEndsAt ? (
        <Text size="sm" c="dimmed">
          The previous secret keeps working until {new Date(overlapEndsAt).toLocaleString()}.
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        Exchange them for a bearer token at POST /rest/api/v2/oauth/token with grant_type=client_credentials.
      </Text>
    </>
  );
}
