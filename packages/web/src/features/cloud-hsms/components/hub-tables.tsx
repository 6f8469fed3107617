import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CLUSTER_MEMBER_STATUSES, type CloudOverview } from '@keydeck/contract/cloud-hsms';
import type { Service } from '@keydeck/contract/services';
import { formatTimeAgo } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { CloudHsmStatusBadge, MemberStatusBadge } from './cloud-hsm-badges';
import { staticRows } from './static-rows';

type InFlight = CloudOverview['in_flight'][number];
type HubCluster = CloudOverview['clusters'][number];

const inFlightColumns: DataTableColumn<InFlight>[] = [
  {
    key: 'name',
    title: 'Cloud HSM',
    render: (row) => (
      <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/v2/home/services/cloud-hsm-management/$id" params={{ id: row.hsm_id }} />}>
        {row.name}
      </Anchor>
    ),
  },
  { key: 'kind', title: 'Work', render: (row) => <Text size="sm">{row.kind === 'provision' ? 'Provisioning' : 'Deprovisioning'}</Text> },
  {
    key: 'step',
    title: 'Where it is',
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <CloudHsmStatusBadge status={row.status} />
        <Text size="xs" c="dimmed">
          {row.step_label}
          {row.attempts > 1 ? ` · attempt ${row.attempts}` : ''}
        </Text>
      </Stack>
    ),
  },
  { key: 'queued', title: 'Asked for', render: (row) => <Text size="sm">{formatTimeAgo(row.queued_at)}</Text> },
];

/** HSMs being provisioned or deprovisioned now; refreshed while there are any. */
export function HubInFlight({ rows }: { rows: InFlight[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-in-flight-heading">
      <Title order={2} fz="h4" id="hub-in-flight-heading">
        Provisioning in flight
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is being provisioned or deprovisioned right now.
        </Text>
      ) : (
        <DataTable label="Provisioning in flight" columns={inFlightColumns} query={staticRows(rows)} rowKey={(row) => `${row.hsm_id}-${row.kind}`} emptyText="" minWidth={560} />
      )}
    </Stack>
  );
}

/** The account's clusters with their members' states, each linking to its service's clusters page. */
export function HubClusters({ clusters, services }: { clusters: HubCluster[]; services: Service[] }) {
  const columns: DataTableColumn<HubCluster>[] = [
    {
      key: 'name',
      title: 'Cluster',
      render: (cluster) => {
        const service = services.find((candidate) => candidate.id === cluster.service_id);
        return service ? (
          <Stack gap={0}>
            <Anchor
              size="sm"
              fw={600}
              renderRoot={(props) => (
                <Link {...props} to="/v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters" params={{ account_id: service.account_id, service_id: service.id }} />
              )}
            >
              {cluster.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {service.name}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" fw={600}>
            {cluster.name}
          </Text>
        );
      },
    },
    { key: 'members', title: 'Members', width: 100, render: (cluster) => <Text size="sm">{cluster.member_count}</Text> },
    {
      key: 'states',
      title: 'Member states',
      render: (cluster) =>
        cluster.member_count === 0 ? (
          <Text size="sm" c="dimmed">
            No members
          </Text>
        ) : (
          <Group gap="xs">
            {CLUSTER_MEMBER_STATUSES.filter((status) => (cluster.members_by_status[status] ?? 0) > 0).map((status) => (
              <Group key={status} gap={4} wrap="nowrap">
                <MemberStatusBadge status={status} />
                <Text size="sm" fw={600}>
                  {cluster.members_by_status[status]}
                </Text>
              </Group>
            ))}
          </Group>
        ),
    },
    { key: 'synced', title: 'Last synced', render: (cluster) => <Text size="sm">{cluster.last_sync_at ? formatTimeAgo(cluster.last_sync_at) : 'Not yet'}</Text> },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="hub-clusters-heading">
      <Title order={2} fz="h4" id="hub-clusters-heading">
        Clusters
      </Title>
      {clusters.length === 0 ? (
        <Text size="sm" c="dimmed">
          No clusters yet. A Cluster Management service holds them.
        </Text>
      ) : (
        <DataTable label="Clusters" columns={columns} query={staticRows(clusters)} rowKey={(cluster) => cluster.id} emptyText="" minWidth={560} />
      )}
    </Stack>
  );
}
