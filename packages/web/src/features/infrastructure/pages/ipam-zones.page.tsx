import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { IpamPool, IpamZone } from '@keydeck/contract/ipam';
import { DataTablePager } from '../../../lib/ui/data-table-pager';
import { DebouncedInput } from '../../../lib/ui/debounced-input';
import { useListSearch } from '../../../lib/ui/list-search';
import { QueryErrorAlert } from '../../../lib/ui/query-error-alert';
import { allDatacentersQueryOptions } from '../api/datacenters.api';
import { ipamZonesQueryOptions, useDeleteIpamZone, useRemoveIpamPool } from '../api/ipam.api';
import { deleteAfterConfirm } from '../components/confirm-delete';
import { PageHeader } from '../components/infrastructure-cells';
import { IpamAllocationsDrawer } from '../components/ipam-allocations-drawer';
import { IpamPoolModal } from '../components/ipam-pool-modal';
import { IpamZoneCard } from '../components/ipam-zone-card';
import { IpamZoneModal } from '../components/ipam-zone-modal';

const route = getRouteApi('/shell/configuration/cloud-product/ipam-zones');

/** Configuration › IPAM zones: each zone with its CIDR pools, how full they are, and the addresses handed out. */
export function IpamZonesPage() {
  const { state: search, onChange } = useListSearch(route);
  const [editing, setEditing] = useState<IpamZone | 'new' | null>(null);
  const [addingPoolTo, setAddingPoolTo] = useState<IpamZone | null>(null);
  const [allocationsOf, setAllocationsOf] = useState<IpamZone | null>(null);
  const zones = useQuery(ipamZonesQueryOptions(search));
  const datacenters = useQuery(allDatacentersQueryOptions());
  const deleteZone = useDeleteIpamZone();
  const removePool = useRemoveIpamPool();
  const busy = deleteZone.isPending ? (deleteZone.variables ?? null) : removePool.isPending ? (removePool.variables?.poolId ?? null) : null;

  const remove = (zone: IpamZone, pool: IpamPool) =>
    void deleteAfterConfirm(
      `Remove pool ${pool.cidr} from ${zone.name}?`,
      () => removePool.mutateAsync({ zoneId: zone.id, poolId: pool.id }),
      `Pool ${pool.cidr} removed from ${zone.name}.`,
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="IPAM zones"
        description="Address pools cloud HSMs get their addresses from. Each zone belongs to a datacenter; its IPv4 and IPv6 pools never overlap any other pool."
        actions={<Button onClick={() => setEditing('new')}>New zone</Button>}
      />
      <Group justify="space-between" align="flex-end" gap="sm">
        <DebouncedInput type="search" hideLabel label="Search zones" value={search.search} onCommit={(text) => onChange({ search: text, page: 1 })} w={{ base: '100%', xs: 280 }} />
        <Select
          aria-label="Datacenter"
          placeholder="All datacenters"
          data={(datacenters.data?.data ?? []).map((dc) => ({ value: dc.id, label: dc.name }))}
          value={search.datacenter_id ?? null}
          onChange={(id) => onChange({ datacenter_id: id ?? undefined, page: 1 })}
          clearable
          w={220}
        />
      </Group>
      <QueryErrorAlert title="IPAM zones could not be loaded" query={zones} />
      {zones.isPending ? <Skeleton height={160} radius="md" aria-label="Loading the zones" /> : null}
      {zones.isSuccess && zones.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" size="sm" data-testid="zones-empty">
          {search.search || search.datacenter_id ? 'No zone matches.' : 'There are no IPAM zones yet. Create one, then add its CIDR pools.'}
        </Text>
      ) : null}
      <Stack gap="md" aria-busy={zones.isFetching} style={{ opacity: zones.isPlaceholderData ? 0.6 : 1 }}>
        {zones.data?.data.map((zone) => (
          <IpamZoneCard
            key={zone.id}
            zone={zone}
            busy={busy}
            onAddPool={() => setAddingPoolTo(zone)}
            onShowAllocations={() => setAllocationsOf(zone)}
            onEdit={() => setEditing(zone)}
            onDelete={() => void deleteAfterConfirm(`Delete IPAM zone ${zone.name}?`, () => deleteZone.mutateAsync(zone.id), `IPAM zone ${zone.name} deleted.`)}
            onRemovePool={(pool) => remove(zone, pool)}
          />
        ))}
      </Stack>
      {zones.data ? <DataTablePager label="IPAM zones" state={search} total={zones.data.total} onChange={onChange} /> : null}
      <IpamZoneModal editing={editing} onClose={() => setEditing(null)} />
      <IpamPoolModal zone={addingPoolTo} onClose={() => setAddingPoolTo(null)} />
      <IpamAllocationsDrawer zone={allocationsOf} onClose={() => setAllocationsOf(null)} />
    </Stack>
  );
}
