import { z } from 'zod';
import { cloudHsmAuditQuery, cloudHsmsQuery, clustersQuery } from '@keydeck/contract/cloud-hsms-queries';

/**
 * .../cloud-provisioning/cloud-hsms: the list's paging and filters in the URL. The router writes the switch as a
 * boolean; a hand-written URL may say "true".
 */
export const cloudHsmsSearch = cloudHsmsQuery.omit({ include_deprovisioned: true }).extend({
  include_deprovisioned: z.union([z.boolean(), cloudHsmsQuery.shape.include_deprovisioned.unwrap()]).optional(),
});
export type CloudHsmsSearch = z.output<typeof cloudHsmsSearch>;

/** .../cluster-management/clusters: the clusters' paging. */
export const clustersSearch = clustersQuery;
export type ClustersSearch = z.output<typeof clustersSearch>;

export const HEALTH_RANGES = ['1h', '6h', '24h'] as const;
export type HealthRange = (typeof HEALTH_RANGES)[number];
export const HEALTH_RANGE_HOURS: Record<HealthRange, number> = { '1h': 1, '6h': 6, '24h': 24 };

/** /v2/home/services/cloud-hsm-management/{id}: the charts' range and the audit trail's paging. */
export const cloudHsmPageSearch = cloudHsmAuditQuery.extend({ range: z.enum(HEALTH_RANGES).default('6h') });
export type CloudHsmPageSearch = z.output<typeof cloudHsmPageSearch>;
export type AuditTrailSearch = z.output<typeof cloudHsmAuditQuery>;
