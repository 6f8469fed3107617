import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { ProvisionerGroup } from '@keydeck/contract/provisioners';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { provisionerGroupsQueryOptions, useDeleteProvisionerGroup } from '../api/provisioners.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { OrDash, PageHeader } from '../components/infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';
import { ProvisionerGroupModal } from '../components/provisioner-group-modal';

const route = getRouteApi('/shell/configuration/cloud-product/chsm-provisioner-groups');

/** Configuration › Provisioner groups: where a blueprint's HSMs are placed, and the zone their addresses come from. */
export function ProvisionerGroupsPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<ProvisionerGroup | 'new' | null>(null);
  const query = useQuery(provisionerGroupsQueryOptions(search));
  const remove = useDeleteProvisionerGroup();

  const columns: DataTableColumn<ProvisionerGroup>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (g) => <Text size="sm" fw={600}>{g.name}</Text> },
    { key: 'zone', title: 'IPAM zone', sortKey: 'zone_name', render: (g) => <Text size="sm">{g.zone_name}</Text> },
    { key: 'description', title: 'Description', render: (g) => <OrDash value={g.description} /> },
    { key: 'provisioners', title: 'Provisioners', width: 110, render: (g) => <Text size="sm">{g.provisioners}</Text> },
    { key: 'blueprints', title: 'Blueprints', width: 100, render: (g) => <Text size="sm">{g.blueprints}</Text> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (g) => (
        <RowActions
          name={g.name}
          onEdit={() => setEditing(g)}
          deleting={remove.isPending && remove.variables === g.id}
          cannotDelete={g.provisioners + g.blueprints > 0 ? InfrastructureMessages.groupInUse(g.name, g.provisioners, g.blueprints) : null}
          onDelete={() => void deleteAfterConfirm(`Delete provisioner group ${g.name}?`, () => remove.mutateAsync(g.id), `Provisioner group ${g.name} deleted.`)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Provisioner groups"
        description="Placement groups: a blueprint names one, and its HSMs land on the group's provisioners with addresses from the group's IPAM zone."
        actions={<Button onClick={() => setEditing('new')}>New group</Button>}
      />
      <DataTable
        label="Provisioner groups"
        columns={columns}
        query={query}
        rowKey={(g) => g.id}
        list={{ state: search, onChange }}
        searchLabel="Search provisioner groups"
        emptyText="There are no provisioner groups yet."
        minWidth={760}
      />
      <ProvisionerGroupModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
