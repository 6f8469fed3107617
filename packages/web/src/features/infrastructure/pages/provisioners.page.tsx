import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { PROVISIONER_DOWN_AFTER_SECONDS, type Provisioner } from '@keydeck/contract/provisioners';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { provisionersQueryOptions, useDeleteProvisioner } from '../api/provisioners.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { PageHeader, ProvisionerStateBadge, TimeAgo, UtilisationBar } from '../components/infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';
import { ProvisionerModal } from '../components/provisioner-modal';

const route = getRouteApi('/shell/configuration/cloud-product/chsm-provisioners');

/** Configuration › Provisioners: the agents hosting HSM partitions, alive or not, how full, where they place. */
export function ProvisionersPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<Provisioner | null>(null);
  const query = useQuery(provisionersQueryOptions(search));
  const remove = useDeleteProvisioner();

  const columns: DataTableColumn<Provisioner>[] = [
    {
      key: 'name',
      title: 'Provisioner',
      sortKey: 'name',
      render: (p) => (
        <>
          <Text size="sm" fw={600} ff="monospace">
            {p.name}
          </Text>
          <Text size="xs" c="dimmed">
            {p.kind} on {p.host} · {p.version}
          </Text>
        </>
      ),
    },
    {
      key: 'state',
      title: 'State',
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <ProvisionerStateBadge state={p.state} />
          {p.draining ? (
            <Badge variant="outline" color="warning">
              Draining
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'heartbeat', title: 'Last heartbeat', sortKey: 'last_heartbeat_at', render: (p) => <TimeAgo iso={p.last_heartbeat_at} /> },
    {
      key: 'capacity',
      title: 'Capacity',
      sortKey: 'capacity',
      render: (p) => <UtilisationBar percent={p.utilisation_percent} label={`Utilisation of ${p.name}`} detail={`${p.hosted} of ${p.capacity} HSMs`} />,
    },
    {
      key: 'group',
      title: 'Group',
      sortKey: 'group_name',
      render: (p) =>
        p.group_name ? (
          <Text size="sm">{p.group_name}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            No group
          </Text>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (p) => (
        <RowActions
          name={p.name}
          onEdit={() => setEditing(p)}
          deleting={remove.isPending && remove.variables === p.id}
          cannotDelete={p.hosted > 0 ? InfrastructureMessages.provisionerHostsHsms(p.name, p.hosted) : null}
          onDelete={() =>
            void deleteAfterConfirm(
              `Delete provisioner ${p.name}?${p.state === 'Up' ? ' It is up: it registers again at its next start.' : ''}`,
              () => remove.mutateAsync(p.id),
              `Provisioner ${p.name} deleted.`,
            )
          }
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Provisioners"
        description={`The agents that host cloud HSM partitions. They register and send heartbeats themselves; one whose server stopped, or silent for ${PROVISIONER_DOWN_AFTER_SECONDS} seconds, is down and its HSMs unreachable.`}
      />
      <DataTable
        label="Provisioners"
        columns={columns}
        query={query}
        rowKey={(p) => p.id}
        list={{ state: search, onChange }}
        searchLabel="Search provisioners"
        emptyText="No provisioner has registered yet."
        minWidth={900}
      />
      <ProvisionerModal provisioner={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
