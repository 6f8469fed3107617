import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Service } from '@keydeck/contract/services';
import { serviceQueryOptions } from '../../features/services/api/services.api';
import { ChooseServiceButton, NoServiceSelected, NotLoggedInToService, WorkspaceGuidance } from '../../features/services/components/workspace-guidance';
import { useServiceAccess } from '../../lib/service-access';
import { useCurrentService, useServiceSession } from '../../lib/service-session';
import { ServiceSectionTabs } from '../service-section-tabs';

/** /home/service/admin: the current service's users and groups; it needs a selected service and a service session. */
export function ServiceAdminPage() {
  const { serviceId } = useCurrentService();
  return (
    <Stack gap="lg">
      {serviceId === null ? (
        <>
          <Title order={1} fz="h2">
            Service users and groups
          </Title>
          <NoServiceSelected>
            Select a service on the services dashboard and log in to it; its users and groups are managed here.
          </NoServiceSelected>
        </>
      ) : (
        <ServiceAdmin serviceId={serviceId} />
      )}
    </Stack>
  );
}

function ServiceAdmin({ serviceId }: { serviceId: string }) {
  const service = useQuery(serviceQueryOptions(serviceId));
  const { session, isLoading } = useServiceSession(serviceId);
  if (!service.data || isLoading) return <Loader size="sm" aria-label="Loading the service" />;
  const current = service.data;
  return (
    <>
      <div>
        <Title order={1} fz="h2">
          {current.name}: users and groups
        </Title>
        <Text c="dimmed" mt={4}>
          Who may work in the service, what each group may see and change, and from which addresses.
        </Text>
      </div>
      {session ? (
        <Administration service={current} />
      ) : (
        <NotLoggedInToService serviceId={serviceId} serviceName={current.name}>
          Its users and groups open once you log in to the service.
        </NotLoggedInToService>
      )}
    </>
  );
}

/** The users, the groups and the allowed addresses are the page's child routes (tabs), for a group holding User. */
function Administration({ service }: { service: Service }) {
  const access = useServiceAccess(service);
  if (access.isLoading) return <Loader size="sm" aria-label="Loading your permissions" />;
  if (!access.can('User')) {
    return (
      <WorkspaceGuidance title="No access to users and groups" actions={<ChooseServiceButton />}>
        Your group{access.groupName ? ` ${access.groupName}` : ''} does not have the User permission on this service. Ask a user of the
        service whose group can change users to grant it.
      </WorkspaceGuidance>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed">
        Your group: {access.groupName}
        {access.can('User', 'Modify') ? '' : ' (view only)'}
      </Text>
      <ServiceSectionTabs service={service} layoutId="/shell/home/service/admin" layoutPath="/home/service/admin" label="Users and groups" />
    </>
  );
}
