import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Alert, Anchor, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Cluster, ClusterMember } from '@keydeck/contract/cloud-hsms';
import { Permission } from '@keydeck/contract/permissions';
import { Can, useCan } from '../../../lib/can';
import { formatTimeAgo } from '../../../lib/datetime';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { HealthBadge, MemberStatusBadge } from './cloud-hsm-badges';
import { plural } from './cloud-hsm-text';
import { staticRows } from './static-rows';

export type ClusterAction = { kind: 'add' | 'sync' | 'delete'; cluster: Cluster } | { kind: 'remove'; cluster: Cluster; member: ClusterMember };

interface ClusterCardProps {
  cluster: Cluster;
  /** A sync was asked for and has not finished yet. */
  syncing: boolean;
  onAction: (action: ClusterAction) => void;
}

/** One cluster: its members with their state, keys and health, and what can be done to it. */
export function ClusterCard({ cluster, syncing, onAction }: ClusterCardProps) {
  const canManage = useCan(Permission.servicesManage);
  const failed = cluster.members.filter((member) => member.status === 'Failed');
  const columns: DataTableColumn<ClusterMember>[] = [
    {
      key: 'name',
      title: 'Cloud HSM',
      render: (member) => (
        <Stack gap={0}>
          <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/v2/home/services/cloud-hsm-management/$id" params={{ id: member.hsm_id }} />}>
            {member.hsm_name}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {member.address ?? 'no address'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'state',
      title: 'State',
      render: (member) => (
        <Stack gap={2}>
          <MemberStatusBadge status={member.status} />
          {member.last_error ? (
            <Text size="xs" c="error" maw={260}>
              {member.last_error}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'keys', title: 'Keys', width: 80, render: (member) => <Text size="sm" data-testid={`keys-${member.hsm_name}`}>{member.keys}</Text> },
    { key: 'health', title: 'Health', width: 120, render: (member) => <HealthBadge state={member.health_state} /> },
    {
      key: 'synced',
      title: 'Last synced',
      render: (member) => (
        <Text size="sm" c={member.last_sync_at ? undefined : 'dimmed'}>
          {member.last_sync_at ? formatTimeAgo(member.last_sync_at) : 'Not yet'}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 110,
      render: (member) => (
        <Can permission={Permission.servicesManage} mode="disable">
          <Button size="compact-sm" variant="subtle" color="error" aria-label={`Remove ${member.hsm_name} from ${cluster.name}`} onClick={() => onAction({ kind: 'remove', cluster, member })}>
            Remove
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`cluster-${cluster.id}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4" id={`cluster-${cluster.id}`}>
              {cluster.name}
            </Title>
            <Text size="sm" c="dimmed">
              {plural(cluster.member_count, 'member')} ·{' '}
              {syncing ? 'Syncing now…' : cluster.last_sync_at ? `last synced ${formatTimeAgo(cluster.last_sync_at)}` : 'not synced yet'}
            </Text>
          </div>
          <Group gap="xs">
            <Can permission={Permission.servicesManage} mode="disable">
              <Button variant="default" size="xs" onClick={() => onAction({ kind: 'add', cluster })}>
                Add member
              </Button>
            </Can>
            <Can permission={Permission.servicesManage} mode="disable">
              <Button variant="default" size="xs" loading={syncing} disabled={cluster.member_count === 0} onClick={() => onAction({ kind: 'sync', cluster })}>
                Sync now
              </Button>
            </Can>
            {canManage ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="subtle" size="xs" aria-label={`More actions for ${cluster.name}`}>
                    More
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item color="error" onClick={() => onAction({ kind: 'delete', cluster })}>
                    Delete cluster…
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        </Group>
        {failed.length > 0 ? (
          <Alert color="error" variant="light" title={`${plural(failed.length, 'member')} failed`}>
            {failed.map((member) => member.hsm_name).join(', ')} could not be synced; the other members keep serving and syncing. A failed member
            is tried again at the next sync.
          </Alert>
        ) : null}
        <DataTable
          label={`Members of ${cluster.name}`}
          columns={columns}
          query={staticRows(cluster.members)}
          rowKey={(member) => member.hsm_id}
          emptyText="No members yet. Add enabled cloud HSMs to keep their keys in step."
          minWidth={680}
        />
      </Stack>
    </Card>
  );
}
