import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { Alert, Avatar, Box, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OAuthMessages, type OAuthInteraction } from '@keydeck/contract/oauth';
import { leaveApp } from '../../../lib/leave-app';
import { ProductMark } from '../../../lib/product-mark';
import { oauthInteractionQueryOptions, useAnswerOAuthInteraction, type InteractionAnswer } from '../api/oauth-interaction.api';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

function Mark({ held }: { held: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }}>
      {held ? (
        <path d="M5 12l5 5L20 7" stroke="var(--mantine-color-success-7)" />
      ) : (
        <path d="M6 6l12 12M18 6L6 18" stroke="var(--mantine-color-secondary-6)" />
      )}
    </svg>
  );
}

function ScopeRow({ held, title, detail }: { held: boolean; title: ReactNode; detail?: string }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Mark held={held} />
      <div>
        <Text size="sm" fw={held ? 500 : 400} c={held ? undefined : 'dimmed'}>
          {title}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" ff="monospace">
            {detail}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 } as const;

/**
 * An application registered by another company than the user's: said plainly, and when the user's company does
 * not let its users allow such applications, said why Allow is off (the server refuses it too).
 */
function OtherCompany({ interaction }: { interaction: OAuthInteraction }) {
  if (!interaction.other_company) return null;
  const company = interaction.client.account_name;
  return interaction.allowed ? (
    <Alert color="warning" variant="light" title={`Another company's application: ${company}`}>
      {OAuthMessages.otherCompanyWarning}
    </Alert>
  ) : (
    <Alert color="error" variant="light" title={`Another company's application: ${company}`}>
      {OAuthMessages.otherCompanyRefused}
    </Alert>
  );
}

/** The request itself: who asks, as whom, for what, and where the answer goes. */
function ConsentRequest({ uid, interaction }: { uid: string; interaction: OAuthInteraction }) {
  const answer = useAnswerOAuthInteraction(uid);
  const { client, user } = interaction;
  const granted = interaction.scopes.filter((scope) => scope.held);
  const refused = interaction.scopes.filter((scope) => !scope.held);
  // The browser is leaving for the application once answered: the buttons stay busy until it has.
  const leaving = answer.isPending || answer.isSuccess;
  const send = (choice: InteractionAnswer) => answer.mutate(choice, { onSuccess: (location) => leaveApp(location) });

  return (
    <Stack gap="lg">
      <Group justify="center" gap="md" aria-hidden="true">
        <Avatar size={52} radius="md" color="primary" variant="light">
          {initials(client.name)}
        </Avatar>
        <Box w={48} style={{ borderTop: '2px dashed var(--mantine-color-default-border)' }} />
        <ProductMark size={52} />
      </Group>
      <div>
        <Title order={1} fz="h3" ta="center">
          Authorize {client.name}
        </Title>
        <Text size="sm" c="dimmed" ta="center" mt={4}>
          by {client.account_name}
        </Text>
      </div>
      <OtherCompany interaction={interaction} />
      <Text size="sm">
        <b>{client.name}</b> wants to access your Keydeck account as{' '}
        <b>
          {user.name} ({user.username})
        </b>
        .
      </Text>
      <Divider />
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {granted.length ? `This will allow ${client.name} to:` : `${client.name} will get no permission.`}
        </Text>
        <ul style={listStyle} aria-label="Permissions to grant">
          {granted.map((scope) => (
            <ScopeRow key={scope.name} held title={scope.description} detail={scope.name} />
          ))}
          {interaction.offline_access ? <ScopeRow held title="Stay connected (refresh tokens) until you revoke it" /> : null}
        </ul>
      </Stack>
      {refused.length ? (
        <Alert color="secondary" variant="light" title="Not granted: you do not hold these permissions">
          <ul style={listStyle} aria-label="Permissions not granted">
            {refused.map((scope) => (
              <ScopeRow key={scope.name} held={false} title={scope.description} detail={scope.name} />
            ))}
          </ul>
        </Alert>
      ) : null}
      <Divider />
      <Group grow gap="sm">
        <Button variant="default" size="md" disabled={leaving && answer.variables !== 'deny'} loading={leaving && answer.variables === 'deny'} onClick={() => send('deny')}>
          Deny
        </Button>
        <Button
          size="md"
          disabled={!interaction.allowed || (leaving && answer.variables !== 'allow')}
          loading={leaving && answer.variables === 'allow'}
          onClick={() => send('allow')}
        >
          Allow
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" ta="center">
          You will be sent back to <b style={{ overflowWrap: 'anywhere' }}>{interaction.redirect_origin}</b>
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          You can revoke its access at any time under Settings › Sign-in &amp; MFA › Connected applications.
        </Text>
      </Stack>
    </Stack>
  );
}

/**
 * The consent page's card (/oauth/authorize): an application asks to act for the signed-in user. Allow or Deny
 * answers the authorization server, which sends the browser back to the application.
 */
export function OAuthConsent({ uid }: { uid: string | undefined }) {
  const query = useQuery({ ...oauthInteractionQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const gone = uid === undefined || query.data === null;
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
      {gone ? (
        <Alert color="warning" variant="light" title="Authorization request not found">
          {OAuthMessages.interactionGone}
        </Alert>
      ) : query.data && uid !== undefined ? (
        <ConsentRequest uid={uid} interaction={query.data} />
      ) : query.isError ? (
        <Alert color="error" variant="light" title="Authorization request not loaded">
          Reload the page to try again.
        </Alert>
      ) : (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={52} width={160} mx="auto" />
          <Skeleton height={24} />
          <Skeleton height={80} />
          <Skeleton height={40} />
        </Stack>
      )}
    </Paper>
  );
}
