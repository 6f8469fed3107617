import '@mantine/core/styles/Tabs.css';
import { Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Service } from '@keydeck/contract/services';
import { ServiceAddressesPanel } from '../../features/service-addresses/components/service-addresses-panel';
import { ServiceGroupsPanel } from '../../features/service-users/components/service-groups-panel';
import { ServiceUsersPanel } from '../../features/service-users/components/service-users-panel';
import { serviceQueryOptions } from '../../features/services/api/services.api';
import { ChooseServiceButton, NoServiceSelected, NotLoggedInToService, WorkspaceGuidance } from '../../features/services/components/workspace-guidance';
import { useServiceAccess } from '../../lib/service-access';
import { useServiceFeatures } from '../../lib/service-features';
import { useCurrentService, useServiceSession } from '../../lib/service-session';

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

function Administration({ service }: { service: Service }) {
  const access = useServiceAccess(service);
  // The service's own allowed addresses decide who may use it, as its users and groups do: the User category.
  const addresses = useServiceFeatures(service).on('allowed_addresses');
  if (access.isLoading) return <Loader size="sm" aria-label="Loading your permissions" />;
  if (!access.can('User')) {
    return (
      <WorkspaceGuidance title="No access to users and groups" actions={<ChooseServiceButton />}>
        Your group{access.groupName ? ` ${access.groupName}` : ''} does not have the User permission on this service. Ask a user of the
        service whose group can change users to grant it.
      </WorkspaceGuidance>
    );
  }
  const canModify = access.can('User', 'Modify');
  return (
    <Tabs defaultValue="users" keepMounted={false}>
      <Group justify="space-between" align="flex-end">
        <Tabs.List aria-label="Users and groups">
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="groups">Groups</Tabs.Tab>
          {addresses ? <Tabs.Tab value="addresses">Allowed addresses</Tabs.Tab> : null}
        </Tabs.List>
        <Text size="sm" c="dimmed">
          Your group: {access.groupName}
          {canModify ? '' : ' (view only)'}
        </Text>
      </Group>
      <Tabs.Panel value="users" pt="lg">
        <ServiceUsersPanel service={service} canModify={canModify} self={access.userName} />
      </Tabs.Panel>
      <Tabs.Panel value="groups" pt="lg">
        <ServiceGroupsPanel service={service} serviceName={service.name} canModify={canModify} />
      </Tabs.Panel>
      {addresses ? (
        <Tabs.Panel value="addresses" pt="lg">
          <ServiceAddressesPanel serviceId={service.id} canModify={canModify} />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}
