import { z } from 'zod';
import { PROVISIONER_STATES } from './provisioners.ts';

/**
 * The platform dashboards' data (spec §2 /admin-dashboards: customer-infrastructure, odh/provisioning-infrastructure):
 * customers' cloud HSMs and clusters, and provisioning.
 */

export const DASHBOARD_PRODUCTS = ['cryptohub', 'odh'] as const;
export const dashboardParams = z.object({ product: z.string() });
const dayCount = z.object({ day: z.string(), count: z.number().int() });

/** odh (on-demand HSMs): the cloud HSMs. Days without data are left out of per-day series. */
export const odhCustomerDashboard = z.object({
  product: z.literal('odh'),
  /** Every cloud HSM on record, Deprovisioned ones included, by status. */
  by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** Cloud HSMs that are not Deprovisioned, by the datacenter of their zone. */
  by_location: z.array(z.object({ datacenter_id: z.string(), datacenter_name: z.string(), location: z.string(), count: z.number().int() })),
  /** The ten accounts with the most cloud HSMs that are not Deprovisioned. */
  top_accounts: z.array(z.object({ account_id: z.string(), account_name: z.string(), count: z.number().int() })),
  /** Cloud HSMs requested per day (UTC), the last 30 days. */
  created_per_day: z.array(dayCount),
});

/** cryptohub (the hub product): clusters of cloud HSMs. */
export const cryptohubCustomerDashboard = z.object({
  product: z.literal('cryptohub'),
  clusters_per_account: z.array(z.object({ account_id: z.string(), account_name: z.string(), clusters: z.number().int() })),
  /** Cluster members by their state (Joining, InSync, Failed). */
  members_by_state: z.array(z.object({ state: z.string(), count: z.number().int() })),
  /** Cloud HSMs that are not Deprovisioned, in a cluster or standalone. */
  hsms_in_clusters: z.number().int(),
  hsms_standalone: z.number().int(),
  /** Accounts with at least one cloud_hsms or cluster_management service. */
  accounts_with_cloud_services: z.number().int(),
});

export const customerDashboard = z.discriminatedUnion('product', [odhCustomerDashboard, cryptohubCustomerDashboard]);
export type CustomerDashboard = z.infer<typeof customerDashboard>;
export const customerDashboardResponse = z.object({ data: customerDashboard });

export const provisioningDashboard = z.object({
  provisioners: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      capacity: z.number().int(),
      hosted: z.number().int(),
      utilisation_percent: z.number(),
      state: z.enum(PROVISIONER_STATES),
    }),
  ),
  zones: z.array(
    z.object({ id: z.string(), name: z.string(), size: z.string(), size_display: z.string(), allocated: z.number().int(), utilisation_percent: z.number() }),
  ),
  /** Provisioning and deprovisioning runs waiting or running now. */
  queue: z.object({ queued: z.number().int(), running: z.number().int() }),
  /** Finished runs per day (UTC), the last 30 days: how many, and their median and 95th percentile in seconds. */
  durations_per_day: z.array(z.object({ day: z.string(), runs: z.number().int(), p50_seconds: z.number(), p95_seconds: z.number() })),
  /** Failed runs per day (UTC), the last 30 days. */
  failures_per_day: z.array(dayCount),
});
export type ProvisioningDashboard = z.infer<typeof provisioningDashboard>;
export const provisioningDashboardResponse = z.object({ data: provisioningDashboard });
