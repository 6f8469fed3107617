import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { IpamPool, IpamZone } from '@keydeck/contract/ipam';
import { OrDash, UtilisationBar } from './infrastructure-cells';
import { RowActions } from '../../../lib/ui/row-actions';

interface IpamZoneCardProps {
  zone: IpamZone;
  onAddPool: () => void;
  onShowAllocations: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRemovePool: (pool: IpamPool) => void;
  /** The pool being removed, or the zone being deleted (its id). */
  busy: string | null;
}

const FAMILY_LABELS: Record<IpamPool['family'], string> = { ipv4: 'IPv4', ipv6: 'IPv6' };

/** One zone: where it is, how full it is, its pools each with their own fill, and what can be done to them. */
export function IpamZoneCard({ zone, onAddPool, onShowAllocations, onEdit, onDelete, onRemovePool, busy }: IpamZoneCardProps) {
  const titleId = `zone-${zone.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4" id={titleId}>
              {zone.name}
            </Title>
            <Text size="sm" c="dimmed">
              {zone.datacenter_name} · {zone.datacenter_location}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="xs" onClick={onAddPool} aria-label={`Add pool to ${zone.name}`}>
              Add pool
            </Button>
            <Button size="xs" variant="default" onClick={onShowAllocations} aria-label={`Allocations of ${zone.name}`}>
              Allocations ({zone.allocated.toLocaleString('en-US')})
            </Button>
            <RowActions name={`zone ${zone.name}`} onEdit={onEdit} onDelete={onDelete} deleting={busy === zone.id} />
          </Group>
        </Group>
        {zone.pools.length > 0 ? (
          <div style={{ maxWidth: 420 }}>
            <UtilisationBar
              percent={zone.utilisation_percent}
              label={`Utilisation of zone ${zone.name}`}
              detail={`${zone.allocated.toLocaleString('en-US')} of ${zone.size_display} addresses allocated`}
            />
          </div>
        ) : null}
        {zone.pools.length === 0 ? (
          <Text size="sm" c="dimmed">
            No pools yet: add a CIDR pool before HSMs can be placed in this zone.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table aria-label={`Pools of ${zone.name}`} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pool</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Allocated</Table.Th>
                  <Table.Th w={200}>Utilisation</Table.Th>
                  <Table.Th w={100}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {zone.pools.map((pool) => (
                  <Table.Tr key={pool.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" ff="monospace" fw={600}>
                          {pool.cidr}
                        </Text>
                        <Badge size="sm" variant="outline" color="secondary" tt="none">
                          {FAMILY_LABELS[pool.family]}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <OrDash value={pool.size_display} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{pool.allocated.toLocaleString('en-US')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <UtilisationBar percent={pool.utilisation_percent} label={`Utilisation of pool ${pool.cidr}`} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        name={`pool ${pool.cidr}`}
                        deleteLabel="Remove"
                        onDelete={() => onRemovePool(pool)}
                        deleting={busy === pool.id}
                        cannotDelete={pool.allocated > 0 ? InfrastructureMessages.poolHasAllocations(pool.cidr, pool.allocated) : null}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
