import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Blueprint } from '@keydeck/contract/blueprints';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { useListSearch } from '../../../lib/ui/list-search';
import { blueprintsQueryOptions, useDeleteBlueprint } from '../api/blueprints.api';
import { BlueprintModal } from '../components/blueprint-modal';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { EnabledBadge, PageHeader } from '../components/infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';

const route = getRouteApi('/shell/configuration/cloud-product/blueprints');

const ENABLED_FILTER = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Enabled' },
  { value: 'false', label: 'Disabled' },
];

function Policies({ blueprint: { policies } }: { blueprint: Blueprint }) {
  return (
    <Group gap={4}>
      {policies.fips_mode ? (
        <Badge size="sm" variant="light" color="info">
          FIPS
        </Badge>
      ) : null}
      <Badge size="sm" variant="outline" color="secondary">
        PIN ≥ {policies.min_pin_length}
      </Badge>
      <Badge size="sm" variant="outline" color="secondary">
        {policies.backup_allowed ? 'Backups' : 'No backups'}
      </Badge>
    </Group>
  );
}

/** Configuration › Blueprints: the HSM templates customers request cloud HSMs from. */
export function BlueprintsPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<Blueprint | 'new' | null>(null);
  const query = useQuery(blueprintsQueryOptions(search));
  const remove = useDeleteBlueprint();

  const columns: DataTableColumn<Blueprint>[] = [
    {
      key: 'name',
      title: 'Blueprint',
      sortKey: 'name',
      render: (b) => (
        <>
          <Text size="sm" fw={600}>
            {b.name}
          </Text>
          <Text size="xs" c="dimmed">
            Model {b.model}
          </Text>
        </>
      ),
    },
    { key: 'size', title: 'Partitions · ports', render: (b) => <Text size="sm">{`${b.partitions} · ${b.ports}`}</Text> },
    { key: 'policies', title: 'Policies', render: (b) => <Policies blueprint={b} /> },
    {
      key: 'group',
      title: 'Provisioner group',
      sortKey: 'provisioner_group_name',
      render: (b) => (
        <>
          <Text size="sm">{b.provisioner_group_name}</Text>
          <Text size="xs" c="dimmed">
            Zone {b.zone_name}
          </Text>
        </>
      ),
    },
    { key: 'hsms', title: 'HSMs', width: 70, render: (b) => <Text size="sm">{b.hsms}</Text> },
    { key: 'enabled', title: 'Status', render: (b) => <EnabledBadge enabled={b.enabled} /> },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (b) => (
        <RowActions
          name={b.name}
          onEdit={() => setEditing(b)}
          deleting={remove.isPending && remove.variables === b.id}
          cannotDelete={b.hsms > 0 ? InfrastructureMessages.blueprintInUse(b.name, b.hsms) : null}
          onDelete={() => void deleteAfterConfirm(`Delete blueprint ${b.name}?`, () => remove.mutateAsync(b.id), `Blueprint ${b.name} deleted.`)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Blueprints"
        description="HSM templates: the model, partitions, ports and policies of a cloud HSM, and the provisioner group that places it. Customers request from enabled blueprints."
        actions={<Button onClick={() => setEditing('new')}>New blueprint</Button>}
      />
      <DataTable
        label="Blueprints"
        columns={columns}
        query={query}
        rowKey={(b) => b.id}
        list={{ state: search, onChange }}
        searchLabel="Search blueprints"
        toolbar={
          <SegmentedControl
            aria-label="Show blueprints"
            data={ENABLED_FILTER}
            value={search.enabled === undefined ? 'all' : String(search.enabled)}
            onChange={(value) => onChange({ enabled: value === 'all' ? undefined : value === 'true', page: 1 })}
          />
        }
        emptyText="There are no blueprints yet."
        minWidth={900}
      />
      <BlueprintModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
