import { z } from 'zod';
import { isoInstant } from './dates.ts';
import { keysetQuery, MAX_PAGE_SIZE, PAGING_DEFAULTS } from './paging.ts';

/**
 * The audit list's filters and query, apart from the area's other schemas: the web's route table validates URLs
 * with them, so they load with the app's first chunk and must stay small.
 */

/** partial: a batch call that did some of what it was asked (a refused or failed call is never a success). */
export const AUDIT_OUTCOMES = ['success', 'partial', 'refused', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Filters shared by the list and the CSV export. Audit logs read newest first unless asked otherwise. */
export const auditFilters = z.object({
  account_id: z.string().uuid().optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
  user: z.string().trim().max(200).optional(),
  action: z.string().trim().max(200).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  search: z.string().trim().max(200).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = auditFilters.extend({
  page: z.coerce.number().int().min(1).default(PAGING_DEFAULTS.page),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGING_DEFAULTS.page_size),
  order: z.enum(['asc', 'desc']).default('desc'),
  order_by: z.enum(['occurred_at', 'action', 'actor_username']).default('occurred_at'),
  ...keysetQuery,
});

/** Audit events are counted up to this; a filter with more says "10,000+" (total_capped): a busy account's year is a million. */
export const AUDIT_COUNT_CAP = 10_000;
export type AuditListQuery = z.infer<typeof auditListQuery>;
