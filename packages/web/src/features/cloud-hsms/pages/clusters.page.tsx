import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Cluster } from '@keydeck/contract/cloud-hsms';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { DataTablePager } from '../../../lib/ui/data-table-pager';
import { useListSearch } from '../../../lib/ui/list-search';
import { serviceQueryOptions } from '../api/cloud-hsms.api';
import { clustersQueryOptions, useDeleteCluster, useRemoveClusterMember, useSyncCluster } from '../api/clusters.api';
import { ClusterCard, type ClusterAction } from '../components/cluster-card';
import { AddMemberModal, CreateClusterModal } from '../components/cluster-modals';
import { plural } from '../components/cloud-hsm-text';

const route = getRouteApi('/shell/v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters');
/** After "Sync now" the cluster is watched this long at most for its sync to be recorded. */
const SYNC_WATCH_MS = 60_000;

/** A cluster_management service's clusters of cloud HSMs (spec §2 cluster-management/clusters). */
export function ClustersPage() {
  const { account_id, service_id } = route.useParams();
  const ref = { accountId: account_id, serviceId: service_id };
  const list = useListSearch(route);
  // A sync asked for, per cluster: the last sync it had then. The list is watched until that moves on, for a minute at most.
  const [syncing, setSyncing] = useState<ReadonlyMap<string, string | null>>(new Map());
  const clusters = useQuery(clustersQueryOptions(ref, list.state, syncing));
  const service = useQuery(serviceQueryOptions(service_id));
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState<Cluster | null>(null);
  const sync = useSyncCluster();
  const remove = useRemoveClusterMember();
  const deleteCluster = useDeleteCluster();

  const stillSyncing = (cluster: Cluster) => syncing.has(cluster.id) && syncing.get(cluster.id) === cluster.last_sync_at;
  const stopWatching = (id: string) =>
    setSyncing((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });

  const act = async (action: ClusterAction) => {
    const { cluster } = action;
    if (action.kind === 'add') setAdding(cluster);
    else if (action.kind === 'sync') {
      const answer = await sync.mutateAsync(cluster.id).catch(() => null);
      if (!answer) return;
      setSyncing((current) => new Map(current).set(cluster.id, cluster.last_sync_at));
      setTimeout(() => stopWatching(cluster.id), SYNC_WATCH_MS);
      showToast({ color: 'success', message: `Sync of ${cluster.name} started.` });
    } else if (action.kind === 'remove') {
      const question = `Remove ${action.member.hsm_name} from ${cluster.name}? It keeps the keys it holds now but no longer receives new ones.`;
      const answer = await confirmAction(question, () => remove.mutateAsync({ clusterId: cluster.id, hsmId: action.member.hsm_id }), 'Remove member');
      if (answer) showToast({ color: 'success', message: `${action.member.hsm_name} removed from ${cluster.name}.` });
    } else {
      const question =
        cluster.member_count > 0
          ? `Delete the cluster ${cluster.name}? Its ${plural(cluster.member_count, 'member')} stay, with the keys they hold, but are no longer kept in step.`
          : `Delete the cluster ${cluster.name}?`;
      const answer = await confirmAction(question, () => deleteCluster.mutateAsync(cluster).then(() => true), 'Delete cluster');
      if (answer) showToast({ color: 'success', message: `Cluster ${cluster.name} deleted.` });
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div style={{ flex: 1, minWidth: 280 }}>
          <Title order={1} fz="h2">
            Clusters{service.data ? ` · ${service.data.name}` : ''}
          </Title>
          <Text c="dimmed" mt={4} maw={720}>
            Members of a cluster hold the same secret keys: a key made on one member is copied to the others wrapped under the
            cluster&apos;s own AES-256 key, so it never leaves an HSM in the clear. Only extractable keys can be copied
            (pkcs11-tool makes a key extractable with --extractable); others stay on the member that made them.
          </Text>
        </div>
        <Can permission={Permission.servicesManage} mode="disable">
          <Button onClick={() => setCreating(true)}>Create cluster</Button>
        </Can>
      </Group>
      {clusters.isError ? (
        <Alert color="error" variant="light" title="The clusters could not be loaded">
          {clusters.error.message}
        </Alert>
      ) : !clusters.data ? (
        <Skeleton height={160} aria-label="Loading the clusters" />
      ) : clusters.data.data.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center" size="sm">
            No clusters yet. Create one, then add enabled cloud HSMs to it to keep their keys in step.
          </Text>
        </Card>
      ) : (
        <Stack gap="lg" style={{ opacity: clusters.isPlaceholderData ? 0.6 : 1 }}>
          {clusters.data.data.map((cluster) => (
            <ClusterCard key={cluster.id} cluster={cluster} syncing={stillSyncing(cluster)} onAction={(action) => void act(action)} />
          ))}
        </Stack>
      )}
      {clusters.data && clusters.data.total > list.state.page_size ? (
        <DataTablePager label="Clusters" state={list.state} total={clusters.data.total} onChange={list.onChange} />
      ) : null}
      <CreateClusterModal service={ref} opened={creating} onClose={() => setCreating(false)} />
      <AddMemberModal cluster={adding} onClose={() => setAdding(null)} />
    </Stack>
  );
}
