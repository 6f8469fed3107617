import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CloudOverview } from '@keydeck/contract/cloud-hsms';
import { SERVICE_STATUSES, type Service, type ServicesPage } from '@keydeck/contract/services';
import { plural } from './cloud-hsm-text';

/** The service types this hub gathers, and where each one's page is. */
const HUB_TYPES = ['cloud_hsms', 'cluster_management'] as const;

function ServiceLink({ service }: { service: Service }) {
  const params = { account_id: service.account_id, service_id: service.id };
  const label = `Open ${service.name}`;
  return service.type === 'cloud_hsms' ? (
    <Button size="xs" variant="light" aria-label={label} renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms" params={params} />}>
      Cloud HSMs
    </Button>
  ) : (
    <Button size="xs" variant="light" aria-label={label} renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters" params={params} />}>
      Clusters
    </Button>
  );
}

/** The account's Cloud HSMs and Cluster Management services, each with a link to its page. */
export function HubServices({ services, clusters }: { services: UseQueryResult<ServicesPage>; clusters: CloudOverview['clusters'] }) {
  const hub = (services.data?.data ?? []).filter((service) => (HUB_TYPES as readonly string[]).includes(service.type));
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-services-heading">
      <Title order={2} fz="h4" id="hub-services-heading">
        Services
      </Title>
      {services.isPending ? (
        <Skeleton height={72} />
      ) : hub.length === 0 ? (
        <Card withBorder padding="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Your account has no Cloud HSMs or Cluster Management service yet.
            </Text>
            <Button component={Link} to="/key-management-services" variant="default" size="xs">
              Request a service
            </Button>
          </Group>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {hub.map((service) => {
            const own = clusters.filter((cluster) => cluster.service_id === service.id).length;
            return (
              <Card key={service.id} withBorder padding="md">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {service.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {service.type_name}
                        {service.type === 'cluster_management' ? ` · ${plural(own, 'cluster')}` : ''}
                      </Text>
                    </div>
                    {service.status === 'Enabled' ? (
                      <ServiceLink service={service} />
                    ) : (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {SERVICE_STATUSES[service.status]}
                      </Text>
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
