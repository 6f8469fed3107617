import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';

/**
 * A Cloud HSMs service's HSMs and a Cluster Management service's clusters have pages of their own (no service login):
 * an enabled one of those types links there; any other service, nothing.
 */
export function CloudServiceLink({ service }: { service: Service }) {
  if (service.status !== 'Enabled') return null;
  const params = { account_id: service.account_id, service_id: service.id };
  if (service.type === 'cloud_hsms') {
    return (
      <Button size="xs" variant="light" aria-label={`Cloud HSMs of ${service.name}`} renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms" params={params} />}>
        Cloud HSMs
      </Button>
    );
  }
  if (service.type === 'cluster_management') {
    return (
      <Button size="xs" variant="light" aria-label={`Clusters of ${service.name}`} renderRoot={(props) => <Link {...props} to="/v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters" params={params} />}>
        Clusters
      </Button>
    );
  }
  return null;
}
