import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SERVICE_STATUSES, type Service } from '@keydeck/contract/services';
import { useServiceSession } from '../../../lib/service-session';
import { useServiceLogin, useServiceLogout } from '../api/service-session.mutations';
import { IdleCountdown } from './idle-countdown';
import { ServiceStatusBadge } from './service-status-badge';

interface ServiceSessionPanelProps {
  service: Service;
  location: string;
  onReset: () => void;
}

/** The selected service and the user's session on it: log in, watch the idle time, open the workspace, log out. */
export function ServiceSessionPanel({ service, location, onReset }: ServiceSessionPanelProps) {
  const { session, isLoading } = useServiceSession(service.id);
  const login = useServiceLogin(service.id, service.name);
  const logout = useServiceLogout(service.id, service.name);
  const enabled = service.status === 'Enabled';

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="service-session-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Selected service
            </Text>
            <Title order={2} fz="h3" id="service-session-heading">
              {service.name}
            </Title>
            <Text size="sm" c="dimmed">
              {service.type_name} · {location} · {service.environment}
            </Text>
          </div>
          <Group gap="xs">
            <ServiceStatusBadge status={service.status} />
            {session ? (
              <Badge color="success" variant="dot">
                Logged in
              </Badge>
            ) : null}
          </Group>
        </Group>

        {!enabled ? (
          <Alert color="info" variant="light" title={`This service is ${SERVICE_STATUSES[service.status]}`}>
            You can log in to it once it is enabled.
          </Alert>
        ) : session ? (
          <IdleCountdown session={session} />
        ) : (
          <Text size="sm" c="dimmed">
            {isLoading ? 'Checking your service session…' : 'You are not logged in to this service. Log in to work with its data.'}
          </Text>
        )}

        <Group gap="sm">
          {enabled && session ? (
            <>
              <Button component={Link} to="/home/service">
                Open workspace
              </Button>
              <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
                Log out
              </Button>
            </>
          ) : null}
          {enabled && !session ? (
            <Button loading={login.isPending} disabled={isLoading} onClick={() => login.mutate()}>
              Log in to service
            </Button>
          ) : null}
          <Button variant="subtle" color="secondary" onClick={onReset}>
            Reset selection
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
