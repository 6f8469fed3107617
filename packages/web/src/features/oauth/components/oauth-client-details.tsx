import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { OAUTH_CLIENT_TYPE_LABELS, OAUTH_GRANT_LABELS, OAUTH_ISSUER_PATH, type OAuthClient, type OAuthClientWithSecret } from '@keydeck/contract/oauth';
import { PERMISSION_DESCRIPTIONS, Permission, type PermissionName } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { CopyText } from '../../../lib/ui/copy-text';
import { oauthClientQueryOptions, useDeleteOAuthClient, useRotateOAuthClientSecret } from '../api/oauth-clients.api';
import { OAuthClientModal } from './oauth-client-modal';

/** Where the authorization server of this console answers, and where an application reads its endpoints. */
export const oauthIssuer = () => `${window.location.origin}${OAUTH_ISSUER_PATH}`;
export const discoveryUrl = () => `${oauthIssuer()}/.well-known/openid-configuration`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div style={{ marginTop: 4, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

interface OAuthClientDetailsProps {
  accountId: string;
  clientId: string;
  /** After a delete: back to the list. */
  onDeleted: () => void;
  /** A rotation's new secret, to be shown once. */
  onRotated: (rotated: OAuthClientWithSecret['data']) => void;
}

/** One OAuth client: what an application's developer configures (client id, issuer, discovery), its settings, edit, rotate and delete. */
export function OAuthClientDetails({ accountId, clientId, onDeleted, onRotated }: OAuthClientDetailsProps) {
  const query = useQuery(oauthClientQueryOptions(accountId, clientId));
  const rotate = useRotateOAuthClientSecret(accountId);
  const remove = useDeleteOAuthClient(accountId);
  const [editing, setEditing] = useState<OAuthClient | null>(null);
  const client = query.data;

  const rotateSecret = async (c: OAuthClient) => {
    const question = `Make a new secret for ${c.name}? The current secret stops working at once: the application needs the new one.`;
    const rotated = await confirmAction(question, () => rotate.mutateAsync(c.id), 'Rotate secret');
    if (rotated) onRotated(rotated);
  };
  const deleteClient = async (c: OAuthClient) => {
    const question = `Delete the OAuth client ${c.name}? This ends every consent users gave it and every token it holds, and cannot be undone.`;
    const deleted = await confirmAction(question, () => remove.mutateAsync(c.id).then(() => true), 'Delete OAuth client');
    if (!deleted) return;
    showToast({ color: 'success', message: `OAuth client ${c.name} deleted.` });
    onDeleted();
  };

  // A real link (it opens in a new tab too), keeping the list's page, order and search.
  const back = (
    <Anchor
      size="sm"
      style={{ alignSelf: 'flex-start' }}
      renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/credentials/oauthclients/{-$oauth_client_id}" params={{ account_id: accountId, oauth_client_id: undefined }} search />}
    >
      ← All OAuth clients
    </Anchor>
  );
  if (query.isError) {
    return (
      <Stack gap="md" align="flex-start">
        {back}
        <Alert color="error" variant="light" title="OAuth client not found">
          It may have been deleted.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={960}>
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {client ? client.name : <Skeleton height={28} width={220} />}
            </Title>
            {client ? (
              <Badge variant="light" color={client.type === 'confidential' ? 'primary' : 'secondary'}>
                {client.type === 'confidential' ? 'Confidential' : 'Public'}
              </Badge>
            ) : null}
          </Group>
          {client ? (
            <Text c="dimmed" size="sm" mt={4}>
              {OAUTH_CLIENT_TYPE_LABELS[client.type]}. Owned by {client.owner.name} ({client.owner.username}); {client.consents} user
              {client.consents === 1 ? '' : 's'} allow it to act for them.
            </Text>
          ) : null}
        </div>
        {client ? (
          <Group gap="xs">
            <Can permission={Permission.usersManage} mode="disable" carries={client.scopes}>
              <Button variant="default" onClick={() => setEditing(client)}>
                Edit
              </Button>
            </Can>
            {client.type === 'confidential' ? (
              <Can permission={Permission.usersManage} mode="disable" carries={client.scopes}>
                <Button variant="default" loading={rotate.isPending} onClick={() => void rotateSecret(client)}>
                  Rotate secret
                </Button>
              </Can>
            ) : null}
            <Can permission={Permission.usersManage} mode="disable" carries={client.scopes}>
              <Button color="error" variant="outline" loading={remove.isPending} onClick={() => void deleteClient(client)}>
                Delete
              </Button>
            </Can>
          </Group>
        ) : null}
      </Group>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Connect your application
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Field label="Client ID">{client ? <CopyText value={client.id} label="client ID" /> : <Skeleton height={20} />}</Field>
            <Field label="Client secret">
              <Text size="sm">
                {client?.type === 'public'
                  ? 'None: a public client proves itself with PKCE.'
                  : client?.secret_rotated_at
                    ? `Shown once when made; last rotated ${formatDateTime(client.secret_rotated_at)}.`
                    : 'Shown once when the client was created.'}
              </Text>
            </Field>
            <Field label="Issuer">
              <CopyText value={oauthIssuer()} label="issuer" />
            </Field>
            <Field label="Discovery URL">
              <CopyText value={discoveryUrl()} label="discovery URL" />
            </Field>
          </SimpleGrid>
        </Stack>
      </Card>

      {client ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              Settings
            </Title>
            <Field label="Redirect URIs">
              {client.redirect_uris.length ? (
                <Stack gap={2}>
                  {client.redirect_uris.map((uri) => (
                    <Text key={uri} ff="monospace" size="sm">
                      {uri}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Text size="sm">None</Text>
              )}
            </Field>
            <Field label="Grant types">
              <Stack gap={2}>
                {client.grant_types.map((grant) => (
                  <Text key={grant} size="sm">
                    {OAUTH_GRANT_LABELS[grant]}
                  </Text>
                ))}
              </Stack>
            </Field>
            <Field label={`Scopes (${client.scopes.length})`}>
              <Group gap={6}>
                {client.scopes.map((scope) => (
                  <Badge key={scope} variant="outline" color="secondary" tt="none" title={PERMISSION_DESCRIPTIONS[scope as PermissionName]}>
                    {scope}
                  </Badge>
                ))}
              </Group>
            </Field>
            <Text size="xs" c="dimmed">
              Created {formatDateTime(client.created_at)} by {client.created_by}.
            </Text>
          </Stack>
        </Card>
      ) : null}
      <OAuthClientModal accountId={accountId} target={editing} onClose={() => setEditing(null)} onCreated={() => undefined} />
    </Stack>
  );
}
