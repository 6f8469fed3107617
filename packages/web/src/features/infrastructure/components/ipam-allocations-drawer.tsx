import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import { useState } from 'react';
import { Drawer, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { IpamAllocation, IpamZone } from '@keydeck/contract/ipam';
import { ipamAllocationsQuery } from '@keydeck/contract/infrastructure-queries';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { ipamAllocationsQueryOptions } from '../api/ipam.api';

type AllocationsQuery = z.output<typeof ipamAllocationsQuery>;

const columns: DataTableColumn<IpamAllocation>[] = [
  { key: 'address', title: 'Address', sortKey: 'address', render: (a) => <Text size="sm" ff="monospace" fw={600}>{a.address}</Text> },
  { key: 'pool', title: 'Pool', render: (a) => <Text size="sm" ff="monospace">{a.pool_cidr}</Text> },
  { key: 'account', title: 'Account', sortKey: 'account_name', render: (a) => <Text size="sm">{a.account_name}</Text> },
  {
    key: 'hsm',
    title: 'Cloud HSM',
    render: (a) =>
      a.cloud_hsm_name ? (
        <Text size="sm">{a.cloud_hsm_name}</Text>
      ) : (
        <Text size="xs" ff="monospace" c="dimmed">
          {a.cloud_hsm_id}
        </Text>
      ),
  },
  { key: 'allocated_at', title: 'Allocated', sortKey: 'allocated_at', render: (a) => <Text size="sm">{formatDateTime(a.allocated_at)}</Text> },
];

/** The addresses a zone has handed out, and to whom, in a drawer over the zones. */
export function IpamAllocationsDrawer({ zone, onClose }: { zone: IpamZone | null; onClose: () => void }) {
  return (
    <Drawer.Root opened={zone !== null} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title>{zone ? `Allocations of ${zone.name}` : ''}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>{zone ? <Allocations zone={zone} /> : null}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/** Its own paging and order, kept here: the page's URL already holds the zones list's. */
function Allocations({ zone }: { zone: IpamZone }) {
  const [state, setState] = useState<AllocationsQuery>(() => ipamAllocationsQuery.parse({}));
  const query = useQuery(ipamAllocationsQueryOptions(zone.id, state));
  // Checked as the URL's search params are: a patch the schema refuses leaves the list as it was.
  const onChange = (patch: ListStatePatch) => setState((current) => ipamAllocationsQuery.safeParse({ ...current, ...patch }).data ?? current);
  return (
    <DataTable
      label={`Allocations of ${zone.name}`}
      columns={columns}
      query={query}
      rowKey={(a) => `${a.pool_id}/${a.address}`}
      list={{ state, onChange }}
      searchLabel="Search allocations"
      emptyText="No address of this zone is allocated yet."
      minWidth={640}
    />
  );
}
