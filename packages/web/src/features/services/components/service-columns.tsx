import { Text } from '@mantine/core';
import type { Service, ServicesPage } from '@keydeck/contract/services';
import type { DataTableColumn } from '../../../lib/ui/data-table';
import { ServiceStatusBadge } from './service-status-badge';

/** The display name of a location id from the list's service_locations. */
export function locationName(page: Pick<ServicesPage, 'service_locations'> | undefined, location: string): string {
  return page?.service_locations.find((candidate) => candidate.id === location)?.name ?? location;
}

/** The columns every services list shows; the dashboard and the admin tab add their own actions. */
export function serviceColumns(page: ServicesPage | undefined): DataTableColumn<Service>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (service) => (
        <Text size="sm" fw={600}>
          {service.name}
        </Text>
      ),
    },
    { key: 'type', title: 'Type', sortKey: 'type', render: (service) => service.type_name },
    { key: 'location', title: 'Location', render: (service) => locationName(page, service.location) },
    { key: 'environment', title: 'Environment', render: (service) => service.environment },
    { key: 'status', title: 'Status', sortKey: 'status', width: 180, render: (service) => <ServiceStatusBadge status={service.status} /> },
  ];
}
