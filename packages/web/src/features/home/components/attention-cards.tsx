import '@mantine/core/styles/List.css';
import { Anchor, Badge, Card, Group, List, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AuthInfo } from '@keydeck/contract/auth';
import { Permission, hasPermission, type PermissionName } from '@keydeck/contract/permissions';
import type { ReactNode } from 'react';
import { formatDateTime, formatTimeAgo } from '../../../lib/datetime';
import { ownServicesQueryOptions, pendingApprovalsQueryOptions, recentEventsQueryOptions } from '../api/home.api';

function AttentionCard({ title, link, children, testId }: { title: string; link: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="h5">
          {title}
        </Title>
        {link}
      </Group>
      {children}
    </Card>
  );
}

const loading = <Skeleton height={48} />;

function PendingApprovals() {
  const pending = useQuery(pendingApprovalsQueryOptions());
  return (
    <AttentionCard
      title="Requests awaiting your approval"
      testId="home-pending-approvals"
      link={<Anchor size="sm" renderRoot={(props) => <Link {...props} to="/v2/admin/company-management/service-requests" />}>Review all</Anchor>}
    >
      {!pending.data ? (
        loading
      ) : pending.data.total === 0 ? (
        <Text size="sm" c="dimmed">
          No request is waiting.
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600} mb={6}>
            {pending.data.total} waiting, the oldest first:
          </Text>
          <List size="sm" spacing={4}>
            {pending.data.data.map((request) => (
              <List.Item key={request.id}>
                {request.name} ({request.type_name}) for {request.account_name}, {formatTimeAgo(request.created_at)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </AttentionCard>
  );
}

function OwnServices() {
  const services = useQuery(ownServicesQueryOptions());
  const rows = services.data?.data ?? [];
  const count = (status: string) => rows.filter((service) => service.status === status).length;
  return (
    <AttentionCard
      title="Your services"
      testId="home-services"
      link={<Anchor size="sm" renderRoot={(props) => <Link {...props} to="/home/services/{-$service_id}" />}>Open services</Anchor>}
    >
      {!services.data ? (
        loading
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services yet.{' '}
          <Anchor size="sm" underline="always" renderRoot={(props) => <Link {...props} to="/key-management-services" />}>
            Request one
          </Anchor>
        </Text>
      ) : (
        <Group gap="xs">
          <Badge variant="light" color="success">{count('Enabled')} enabled</Badge>
          {count('PendingApproval') ? <Badge variant="light" color="warning">{count('PendingApproval')} awaiting approval</Badge> : null}
          {count('PendingProvisioning') ? <Badge variant="light" color="info">{count('PendingProvisioning')} being provisioned</Badge> : null}
          {count('Disabled') ? <Badge variant="light" color="secondary">{count('Disabled')} disabled</Badge> : null}
        </Group>
      )}
    </AttentionCard>
  );
}

function SecondFactor({ session }: { session: AuthInfo }) {
  const link = <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/v2/home/settings/admin-credentials" />}>{session.mfa_enabled ? 'Manage' : 'Set it up'}</Anchor>;
  return (
    <AttentionCard title="Your second factor" testId="home-mfa" link={link}>
      <Text size="sm" fw={session.mfa_enabled ? undefined : 700}>
        {session.mfa_enabled
          ? 'Your sign-in is protected by a second factor.'
          : session.user.mfa_enforced
            ? 'Your company requires a second factor and you have none yet.'
            : 'Only your password protects your sign-in: add an authenticator app or a security key.'}
      </Text>
    </AttentionCard>
  );
}

function RecentEvents({ accountId }: { accountId: string }) {
  const events = useQuery(recentEventsQueryOptions(accountId));
  return (
    <AttentionCard
      title="Recent activity in your company"
      testId="home-recent-events"
      link={<Anchor size="sm" renderRoot={(props) => <Link {...props} to="/v2/home/audit-logs" />}>Audit log</Anchor>}
    >
      {!events.data ? (
        loading
      ) : (
        <List size="sm" spacing={4}>
          {events.data.data.map((event) => (
            <List.Item key={event.id}>
              <Text span size="sm" title={formatDateTime(event.occurred_at)}>
                {formatTimeAgo(event.occurred_at)}
              </Text>{' '}
              · {event.actor_username ?? 'system'} · <Text span ff="monospace" size="sm">{event.action}</Text>
              {event.outcome === 'success' ? '' : ` (${event.outcome})`}
            </List.Item>
          ))}
        </List>
      )}
    </AttentionCard>
  );
}

/** What needs the user's attention, each card only for those who may act on it. */
export function AttentionCards({ session }: { session: AuthInfo }) {
  const may = (permission: PermissionName) => hasPermission(session.permissions, permission);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {may(Permission.platformAdmin) ? <PendingApprovals /> : null}
      <SecondFactor session={session} />
      {may(Permission.servicesRead) ? <OwnServices /> : null}
      {may(Permission.auditRead) ? <RecentEvents accountId={session.company.id} /> : null}
    </SimpleGrid>
  );
}
