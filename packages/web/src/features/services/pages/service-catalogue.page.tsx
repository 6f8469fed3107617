import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
import { useState } from 'react';
import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import { serviceTypeDescription } from '@keydeck/contract/services';
import { Can } from '../../../lib/can';
import { allServicesQueryOptions } from '../api/services.api';
import { locationName } from '../components/service-columns';
import { ServiceRequestModal } from '../components/service-request-modal';
import { ServiceStatusBadge } from '../components/service-status-badge';

/** The catalogue (/key-management-services): the types the account may request, and the account's services. */
export function ServiceCataloguePage() {
  const catalogue = useQuery(allServicesQueryOptions());
  const [requesting, setRequesting] = useState<string | null>(null);
  const page = catalogue.data;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz="h2">
          Request a service
        </Title>
        <Text c="dimmed" mt={4}>
          Choose a service type to request. A platform administrator approves each request before the service is provisioned.
        </Text>
      </div>

      <section aria-labelledby="catalogue-heading">
        <Title order={2} fz="h4" id="catalogue-heading" mb="sm">
          Available services
        </Title>
        {!page ? (
          <Loader size="sm" aria-label="Loading the catalogue" />
        ) : page.services_available.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your account cannot request any service types. Ask your platform administrator.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {page.services_available.map((available) => (
              <Card key={available.type} component="article" aria-labelledby={`service-type-${available.type}`} withBorder padding="lg">
                <Stack gap="xs" h="100%" justify="space-between">
                  <div>
                    <Text fw={600} id={`service-type-${available.type}`}>
                      {available.type_name}
                    </Text>
                    <Text size="sm" c="dimmed" mt={4}>
                      {serviceTypeDescription(available.type)}
                    </Text>
                  </div>
                  <Group justify="flex-end">
                    <Can permission={Permission.servicesManage} mode="disable">
                      <Button size="xs" variant="light" aria-label={`Request ${available.type_name}`} onClick={() => setRequesting(available.type)}>
                        Request
                      </Button>
                    </Can>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="your-services-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="your-services-heading">
            Your services
          </Title>
          <Anchor component={Link} to="/home/services/{-$service_id}" size="sm">
            Open the services dashboard
          </Anchor>
        </Group>
        {page && page.data.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Your services">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th>Environment</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.data.map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td fw={600}>{service.name}</Table.Td>
                    <Table.Td>{service.type_name}</Table.Td>
                    <Table.Td>{locationName(page, service.location)}</Table.Td>
                    <Table.Td>{service.environment}</Table.Td>
                    <Table.Td>
                      <ServiceStatusBadge status={service.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : page ? (
          <Text size="sm" c="dimmed">
            {page.services_available.length > 0
              ? 'Your account has no services yet. Choose a type above and request it: it is provisioned once a platform administrator approves it.'
              : 'Your account has no services yet.'}
          </Text>
        ) : null}
      </section>

      <ServiceRequestModal
        opened={requesting !== null}
        catalogue={page}
        initialType={requesting ?? undefined}
        onClose={() => setRequesting(null)}
      />
    </Stack>
  );
}
