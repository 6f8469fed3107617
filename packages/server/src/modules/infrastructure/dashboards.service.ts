import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { DASHBOARD_PRODUCTS, type CustomerDashboard, type ProvisioningDashboard } from '@keydeck/contract/infrastructure-dashboards';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './dashboards.repository.ts';
import * as zones from './ipam-zones.service.ts';
import * as provisioners from './provisioners.service.ts';

/** Charts show the ten largest accounts; the rest would be unreadable slivers. */
const TOP_ACCOUNTS = 10;

/**
 * The customer infrastructure dashboards, one per product, from the real tables (an empty table gives empty series):
 * - odh (on-demand HSMs) is about cloud HSMs: every one on record by status; those not Deprovisioned by location
 *   (their zone's datacenter) and for the top accounts; how many were requested per day over the last 30 days.
 * - cryptohub (the hub product) is about clusters: clusters of the top accounts, members by state (Joining, InSync,
 *   Failed), cloud HSMs (not Deprovisioned) in a cluster or standalone, and how many accounts have a cloud_hsms
 *   or cluster_management service.
 */
export async function customerInfrastructure(tx: Tx, product: string): Promise<CustomerDashboard> {
  if (!(DASHBOARD_PRODUCTS as readonly string[]).includes(product)) throw notFound(InfrastructureMessages.dashboardUnknown);
  if (product === 'odh') {
    return {
      product: 'odh',
      by_status: await repo.hsmsByStatus(tx),
      by_location: await repo.liveHsmsByLocation(tx),
      top_accounts: await repo.topAccountsByLiveHsms(tx, TOP_ACCOUNTS),
      created_per_day: await repo.hsmsCreatedPerDay(tx),
    };
  }
  const counts = await repo.clusteredAndStandalone(tx);
  return {
    product: 'cryptohub',
    clusters_per_account: await repo.clustersPerAccount(tx, TOP_ACCOUNTS),
    members_by_state: await repo.membersByState(tx),
    hsms_in_clusters: counts.clustered,
    hsms_standalone: counts.standalone,
    accounts_with_cloud_services: counts.accounts,
  };
}

/** Provisioners' capacity and state, zones' address use, the provisioning queue now, and its last 30 days. */
export async function provisioningInfrastructure(tx: Tx): Promise<ProvisioningDashboard> {
  return {
    provisioners: (await provisioners.listAll(tx)).map(({ id, name, capacity, hosted, utilisation_percent, state }) => ({
      id,
      name,
      capacity,
      hosted,
      utilisation_percent,
      state,
    })),
    zones: await zones.usageOfAll(tx),
    queue: await repo.queueDepth(tx),
    durations_per_day: await repo.durationsPerDay(tx),
    failures_per_day: await repo.failuresPerDay(tx),
  };
}
