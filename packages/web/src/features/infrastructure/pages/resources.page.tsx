import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Resource } from '@keydeck/contract/infrastructure-resources';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { resourcesQueryOptions } from '../api/resources.api';
import { cloudHsmStatusColor, cloudHsmStatusLabel } from '../components/cloud-hsm-states';
import { OrDash, PageHeader, TimeAgo } from '../components/infrastructure-cells';

const route = getRouteApi('/shell/configuration/cloud-product/resources');

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={cloudHsmStatusColor(status)}>
      {cloudHsmStatusLabel(status)}
    </Badge>
  );
}

const columns: DataTableColumn<Resource>[] = [
  {
    key: 'hsm',
    title: 'Cloud HSM',
    sortKey: 'cloud_hsm_name',
    render: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.cloud_hsm_name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.blueprint_name} · {r.model}
        </Text>
      </>
    ),
  },
  { key: 'status', title: 'Status', sortKey: 'status', render: (r) => <StatusBadge status={r.status} /> },
  {
    key: 'account',
    title: 'Account',
    sortKey: 'account_name',
    render: (r) => (
      <>
        <Text size="sm">{r.account_name}</Text>
        <Text size="xs" c="dimmed">
          {r.service_name}
        </Text>
      </>
    ),
  },
  {
    key: 'placement',
    title: 'Placement',
    render: (r) => (
      <>
        <Text size="sm">{r.zone_name}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {r.provisioner_name ?? 'not placed yet'}
        </Text>
      </>
    ),
  },
  {
    key: 'network',
    title: 'Address and ports',
    render: (r) => (
      <>
        <OrDash value={r.address} mono />
        {r.ports.length > 0 ? (
          <Text size="xs" c="dimmed">
            {r.ports.map((p) => `${p.port} ${p.purpose}`).join(', ')}
          </Text>
        ) : null}
      </>
    ),
  },
  { key: 'license', title: 'License', render: (r) => <OrDash value={r.license_reference} mono /> },
  { key: 'created', title: 'Requested', sortKey: 'created_at', render: (r) => <TimeAgo iso={r.created_at} /> },
];

/** Configuration › Resources: what every cloud HSM holds (provisioner, address, ports, license seat), and for whom. */
export function ResourcesPage() {
  const { state: search, onChange } = useListSearch(route);
  const query = useQuery(resourcesQueryOptions(search));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Resources"
        description="What the platform has allocated to whom: each cloud HSM's account, placement, address, ports and license seat."
      />
      <DataTable
        label="Resources"
        columns={columns}
        query={query}
        rowKey={(r) => r.cloud_hsm_id}
        list={{ state: search, onChange }}
        searchLabel="Search by account or HSM"
        emptyText="Nothing is allocated yet: no cloud HSM has been requested."
        minWidth={940}
      />
    </Stack>
  );
}
