import '@mantine/core/styles/Card.css';
import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { dashboardSearch } from '../services.search';

/** Why the workspace cannot open yet, and the buttons that fix it. */
export function WorkspaceGuidance({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {children}
        </Text>
        <Group gap="sm" mt="xs">
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}

export function ChooseServiceButton() {
  return (
    <Button component={Link} to="/home/services/{-$service_id}" variant="default">
      Choose a service
    </Button>
  );
}

/** A page of the current service, opened before any service was selected. */
export function NoServiceSelected({ children }: { children: ReactNode }) {
  return (
    <WorkspaceGuidance title="No service selected" actions={<ChooseServiceButton />}>
      {children}
    </WorkspaceGuidance>
  );
}

/** A page of the current service, opened without a service session: log in (the dashboard's login dialog) or choose another. */
export function NotLoggedInToService({ serviceId, serviceName, children }: { serviceId: string; serviceName: string; children: ReactNode }) {
  return (
    <WorkspaceGuidance
      title={`You are not logged in to ${serviceName}`}
      actions={
        <>
          <Button
            renderRoot={(props) => (
              <Link {...props} to="/home/services/{-$service_id}" params={{ service_id: serviceId }} search={dashboardSearch({ action: 'login' })} />
            )}
          >
            Log in to service
          </Button>
          <ChooseServiceButton />
        </>
      }
    >
      {children}
    </WorkspaceGuidance>
  );
}
