import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGING_DEFAULTS, pagingQuery } from './paging.ts';

/**
 * The cloud HSM lists' queries and statuses, apart from the area's other schemas: the web's route table validates
 * URLs with them, so they load with the app's first chunk and must stay small.
 */

export const CLOUD_HSM_STATUSES = ['PendingProvisioning', 'Enabled', 'Deprovisioning', 'Deprovisioned', 'Failed'] as const;
export type CloudHsmStatus = (typeof CLOUD_HSM_STATUSES)[number];

export const cloudHsmsQuery = pagingQuery(['name', 'status', 'created_at'], 'name').extend({
  status: z.enum(CLOUD_HSM_STATUSES).optional(),
  /** Deprovisioned HSMs are kept for history and listed only when asked for (or filtered for by status). */
  include_deprovisioned: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type CloudHsmsQuery = z.infer<typeof cloudHsmsQuery>;

/** The HSM's audit trail: the account's events whose target is the HSM, newest first by default. */
export const cloudHsmAuditQuery = z.object({
  page: z.coerce.number().int().min(1).default(PAGING_DEFAULTS.page),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGING_DEFAULTS.page_size),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const clustersQuery = pagingQuery(['name', 'created_at'], 'name');
