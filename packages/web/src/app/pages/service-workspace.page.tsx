import { Anchor, Box, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { allServicesQueryOptions, serviceQueryOptions } from '../../features/services/api/services.api';
import { IdleCountdown } from '../../features/services/components/idle-countdown';
import { locationName } from '../../features/services/components/service-columns';
import { ServiceStatusBadge } from '../../features/services/components/service-status-badge';
import { NoServiceSelected, NotLoggedInToService } from '../../features/services/components/workspace-guidance';
import { useCurrentService, useServiceSession, useServiceSessionEndNotice } from '../../lib/service-session';
import { ServiceSectionTabs } from '../service-section-tabs';

/** /home/service: the current service's workspace; it needs a selected service and an open service session. */
export function ServiceWorkspacePage() {
  const { serviceId } = useCurrentService();
  return (
    <Stack gap="lg">
      {serviceId === null ? (
        <>
          <Title order={1} fz="h2">
            Service
          </Title>
          <NoServiceSelected>
            Select a service on the services dashboard and log in to it; its workspace then opens here.
          </NoServiceSelected>
        </>
      ) : (
        <Workspace serviceId={serviceId} />
      )}
    </Stack>
  );
}

function Workspace({ serviceId }: { serviceId: string }) {
  const service = useQuery(serviceQueryOptions(serviceId));
  const catalogue = useQuery(allServicesQueryOptions());
  const { session, isLoading } = useServiceSession(serviceId);
  useServiceSessionEndNotice(serviceId, session, isLoading);

  if (!service.data || isLoading) return <Loader size="sm" aria-label="Loading the service" />;
  const current = service.data;
  const location = locationName(catalogue.data, current.location);

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {current.name}
            </Title>
            <ServiceStatusBadge status={current.status} />
          </Group>
          <Text c="dimmed" mt={4}>
            {current.type_name} · {location} · {current.environment}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/home/services/{-$service_id}" params={{ service_id: serviceId }} />}
          >
            Services dashboard
          </Anchor>
          {session ? (
            <Anchor component={Link} to="/home/service/admin" size="sm">
              Service users and groups
            </Anchor>
          ) : null}
        </Stack>
      </Group>
      {session ? (
        <>
          <Box maw={480}>
            <IdleCountdown session={session} />
          </Box>
          {/* The sections are the workspace's child routes: the route table declares each, with what opens it. */}
          <ServiceSectionTabs service={current} layoutId="/shell/home/service" layoutPath="/home/service" label="Service sections" grouped />
        </>
      ) : (
        <NotLoggedInToService serviceId={serviceId} serviceName={current.name}>
          Its data opens once you log in to the service. Your service session ends after a while without activity.
        </NotLoggedInToService>
      )}
    </>
  );
}
