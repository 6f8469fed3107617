import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useServiceAccess } from '../../../lib/service-access';
import { useWorkspaceService } from '../../../lib/workspace-service';
import { allServicesQueryOptions } from '../api/services.api';
import { locationName } from '../components/service-columns';
import { ServiceDetails } from '../components/service-details';

/** /home/service: the workspace's first section, open to every group: what the service is, and the caller's group. */
export function ServiceOverviewPage() {
  const service = useWorkspaceService();
  const catalogue = useQuery(allServicesQueryOptions());
  const access = useServiceAccess(service);
  return (
    <Stack gap="lg">
      <ServiceDetails service={service} location={locationName(catalogue.data, service.location)} />
      <Text size="sm">
        Your service user group:{' '}
        <Text span fw={600}>
          {access.groupName ?? '…'}
        </Text>
      </Text>
    </Stack>
  );
}
