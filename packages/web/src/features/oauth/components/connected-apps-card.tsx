import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Button, Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OAuthConsent } from '@keydeck/contract/oauth';
import { formatDateTime } from '../../../lib/datetime';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { oauthConsentsQueryOptions, useRevokeOAuthConsent } from '../api/oauth-consents.api';

/** Settings › Sign-in & MFA › Connected applications: the OAuth clients the user allowed to act for them, each revocable. */
export function ConnectedAppsCard() {
  const consents = useQuery(oauthConsentsQueryOptions);
  const revoke = useRevokeOAuthConsent();

  const revokeConsent = async (consent: OAuthConsent) => {
    const question = `Revoke the access of ${consent.client.name}? It loses access at once: its tokens stop working, and it must ask you again.`;
    const revoked = await confirmAction(question, () => revoke.mutateAsync(consent.id).then(() => true), 'Revoke access');
    if (revoked) showToast({ color: 'success', message: `${consent.client.name} no longer has access to your account.` });
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            Connected applications
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Applications you allowed to use Keydeck as you. They hold only the permissions you granted and still hold.
          </Text>
        </div>
        {consents.data === undefined ? (
          consents.isError ? null : <Skeleton height={60} />
        ) : consents.data.length === 0 ? (
          <Text size="sm" data-testid="connected-apps-empty">
            No application has access to your account.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Connected applications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Allowed</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {consents.data.map((consent) => (
                  <Table.Tr key={consent.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {consent.client.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {consent.client.account_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {consent.scopes.join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(consent.granted_at)}</Table.Td>
                    <Table.Td>{consent.expires_at ? formatDateTime(consent.expires_at) : 'Until revoked'}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        color="error"
                        variant="subtle"
                        aria-label={`Revoke ${consent.client.name}`}
                        loading={revoke.isPending && revoke.variables === consent.id}
                        onClick={() => void revokeConsent(consent)}
                      >
                        Revoke
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
