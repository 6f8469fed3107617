import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGING_DEFAULTS } from './paging.ts';

export const AUDIT_OUTCOMES = ['success', 'refused', 'failure'] as const;

export const auditEvent = z.object({
  id: z.number().int(),
  account_id: z.string().nullable(),
  occurred_at: z.string(),
  actor_username: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.string().nullable(),
  client_address: z.string(),
  request_id: z.string(),
  seq: z.number().int(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** Filters shared by the list and the CSV export. Audit logs read newest first unless asked otherwise. */
export const auditFilters = z.object({
  account_id: z.string().uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
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
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditPage = z.object({ data: z.array(auditEvent), total: z.number().int() });

export const chainVerifyQuery = z.object({ account_id: z.string().uuid().optional() });
export const chainVerification = z.object({
  account_id: z.string().nullable(),
  checked: z.number().int(),
  intact: z.boolean(),
  /** The first link that does not match, or null when the whole chain holds. */
  first_broken: z
    .object({ id: z.number().int(), seq: z.number().int(), occurred_at: z.string(), problem: z.string() })
    .nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;

export const AUDIT_CSV_COLUMNS = [
  'occurred_at',
  'account_id',
  'actor_username',
  'action',
  'target',
  'outcome',
  'reason',
  'client_address',
  'request_id',
  'seq',
  'hash',
] as const;
