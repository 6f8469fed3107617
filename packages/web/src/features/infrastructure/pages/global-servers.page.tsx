import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useState } from 'react';
import { Anchor, Button, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Datacenter, GlobalServer } from '@keydeck/contract/datacenters';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { allDatacentersQueryOptions, globalServersQueryOptions, useDeleteDatacenter, useDeleteGlobalServer } from '../api/datacenters.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { DatacenterModal } from '../components/datacenter-modal';
import { GlobalServerModal } from '../components/global-server-modal';
import { OrDash, PageHeader, ServerRoleBadge, ServerStatusBadge } from '../components/infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';

const route = getRouteApi('/shell/configuration/datacenter-infrastructure/global_servers');

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** Configuration › Datacenters and servers: the platform's datacenters, and the servers in each. */
export function GlobalServersPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editingDatacenter, setEditingDatacenter] = useState<Datacenter | 'new' | null>(null);
  const [editingServer, setEditingServer] = useState<GlobalServer | { new: true; datacenterId?: string } | null>(null);
  const datacenters = useQuery(allDatacentersQueryOptions());
  const servers = useQuery(globalServersQueryOptions(search));
  const deleteDatacenter = useDeleteDatacenter();
  const deleteServer = useDeleteGlobalServer();

  const datacenterColumns: DataTableColumn<Datacenter>[] = [
    {
      key: 'name',
      title: 'Datacenter',
      render: (dc) => (
        <>
          <Text size="sm" fw={600}>
            {dc.name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {dc.code}
          </Text>
        </>
      ),
    },
    { key: 'location', title: 'Location', render: (dc) => <OrDash value={dc.location} /> },
    {
      key: 'servers',
      title: 'Servers',
      render: (dc) =>
        dc.servers === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Anchor component="button" size="sm" onClick={() => onChange({ datacenter_id: dc.id, page: 1 })} aria-label={`Show the servers of ${dc.name}`}>
            {plural(dc.servers, 'server')}
          </Anchor>
        ),
    },
    { key: 'zones', title: 'IPAM zones', render: (dc) => <Text size="sm">{dc.zones}</Text> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (dc) => (
        <RowActions
          name={dc.name}
          onEdit={() => setEditingDatacenter(dc)}
          deleting={deleteDatacenter.isPending && deleteDatacenter.variables === dc.id}
          cannotDelete={dc.servers + dc.zones > 0 ? InfrastructureMessages.datacenterInUse(dc.name, dc.servers, dc.zones) : null}
          onDelete={() => void deleteAfterConfirm(`Delete datacenter ${dc.name}?`, () => deleteDatacenter.mutateAsync(dc.id), `Datacenter ${dc.name} deleted.`)}
        />
      ),
    },
  ];

  const serverColumns: DataTableColumn<GlobalServer>[] = [
    { key: 'hostname', title: 'Hostname', sortKey: 'hostname', render: (s) => <Text size="sm" fw={600} ff="monospace">{s.hostname}</Text> },
    { key: 'address', title: 'Address', sortKey: 'address', render: (s) => <Text size="sm" ff="monospace">{s.address}</Text> },
    { key: 'datacenter', title: 'Datacenter', sortKey: 'datacenter_name', render: (s) => <Text size="sm">{s.datacenter_name}</Text> },
    { key: 'role', title: 'Role', sortKey: 'role', render: (s) => <ServerRoleBadge role={s.role} /> },
    { key: 'status', title: 'Status', sortKey: 'status', render: (s) => <ServerStatusBadge status={s.status} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (s) => (
        <RowActions
          name={s.hostname}
          onEdit={() => setEditingServer(s)}
          deleting={deleteServer.isPending && deleteServer.variables === s.id}
          onDelete={() => void deleteAfterConfirm(`Delete server ${s.hostname}?`, () => deleteServer.mutateAsync(s.id), `Server ${s.hostname} deleted.`)}
        />
      ),
    },
  ];

  const datacenterOptions = (datacenters.data?.data ?? []).map((dc) => ({ value: dc.id, label: dc.name }));
  const noDatacenter = datacenters.isSuccess && datacenters.data.total === 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Datacenters and servers"
        description="Where the platform runs: each datacenter, its location as customers see it, and the servers in it."
        actions={<Button onClick={() => setEditingDatacenter('new')}>New datacenter</Button>}
      />
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Datacenters
        </Title>
        <DataTable
          label="Datacenters"
          columns={datacenterColumns}
          query={datacenters}
          rowKey={(dc) => dc.id}
          emptyText="There are no datacenters yet. Create one to add servers and IPAM zones to it."
          minWidth={640}
        />
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Servers
        </Title>
        <DataTable
          label="Servers"
          columns={serverColumns}
          query={servers}
          rowKey={(s) => s.id}
          list={{ state: search, onChange }}
          searchLabel="Search servers"
          toolbar={
            <>
              <Select
                aria-label="Datacenter"
                placeholder="All datacenters"
                data={datacenterOptions}
                value={search.datacenter_id ?? null}
                onChange={(id) => onChange({ datacenter_id: id ?? undefined, page: 1 })}
                clearable
                w={220}
              />
              <Button
                variant="default"
                disabled={noDatacenter}
                title={noDatacenter ? 'Create a datacenter first' : undefined}
                onClick={() => setEditingServer({ new: true, datacenterId: search.datacenter_id })}
              >
                New server
              </Button>
            </>
          }
          emptyText={search.datacenter_id ? 'This datacenter has no servers yet.' : 'There are no servers yet.'}
          minWidth={760}
        />
      </Stack>
      <DatacenterModal editing={editingDatacenter} onClose={() => setEditingDatacenter(null)} />
      <GlobalServerModal editing={editingServer} onClose={() => setEditingServer(null)} />
    </Stack>
  );
}
