import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { Service } from '@keydeck/contract/services';
import { formatDateTime } from '../../../lib/datetime';
import { ServiceStatusBadge } from './service-status-badge';

/** The workspace's overview section: what the service is and where it runs. */
export function ServiceDetails({ service, location }: { service: Service; location: string }) {
  const rows: [string, React.ReactNode][] = [
    ['Type', service.type_name],
    ['Status', <ServiceStatusBadge key="status" status={service.status} />],
    ['Location', location],
    ['Environment', service.environment],
    ['API authentication', service.use_jwt ? 'JWT bearer token' : 'Console session'],
    ['Created', formatDateTime(service.created_at)],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      {rows.map(([label, value]) => (
        <Stack key={label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
