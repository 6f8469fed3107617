import { z } from 'zod';
import { pageOf } from './paging.ts';
import { PARTNER_STATUSES, type PartnerStatus } from './partners-queries.ts';
import { distinctName } from './names.ts';

/**
 * Splenda (spec §2 /v2/admin/splenda and the account tab splenda): the platform's partner (reseller) channel. A
 * partner earns a commission on the paid revenue of the accounts assigned to it; platform administrators only.
 */
export const PartnerMessages = {
  nameTaken: (name: string) => `A partner named ${name} already exists`,
  suspended: (name: string) => `${name} is suspended: a suspended partner cannot receive new accounts`,
  alreadySuspended: (name: string) => `${name} is already suspended`,
  alreadyActive: (name: string) => `${name} is already active`,
  noPartner: 'This account has no partner.',
  created: (name: string) => `Partner ${name} created`,
  saved: (name: string) => `Partner ${name} saved`,
  suspendedDone: (name: string) => `Partner ${name} suspended`,
  reactivated: (name: string) => `Partner ${name} reactivated`,
  assigned: (partner: string) => `The account now belongs to ${partner}`,
  unassigned: 'The account no longer belongs to a partner',
  revenueWindow: 'Paid revenue of its accounts over the last 30 days, per currency, and the commission due on it.',
} as const;

/** The window the partners list sums paid revenue over. */
export const PARTNER_REVENUE_DAYS = 30;
export const COMMISSION_PERCENT_MAX = 50;

export const PARTNER_STATUS_LABELS: Record<PartnerStatus, string> = { active: 'Active', suspended: 'Suspended' };

/** Paid revenue in one currency, in its minor unit (cents), and the commission on it, rounded to the minor unit. */
export const partnerRevenue = z.object({ currency: z.string(), amount: z.number().int(), commission: z.number().int() });
export type PartnerRevenue = z.infer<typeof partnerRevenue>;

export const partner = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string(),
  commission_percent: z.number(),
  status: z.enum(PARTNER_STATUSES),
  created_at: z.string(),
  created_by: z.string(),
  account_count: z.number().int(),
  /** Over the last PARTNER_REVENUE_DAYS days, one entry per currency paid in, by currency. */
  revenue: z.array(partnerRevenue),
});
export type Partner = z.infer<typeof partner>;

export const partnerAccount = z.object({ id: z.string(), name: z.string(), assigned_at: z.string(), assigned_by: z.string() });
export type PartnerAccount = z.infer<typeof partnerAccount>;

export const partnerResponse = z.object({ data: partner });
export const partnerDetailResponse = z.object({ data: partner.extend({ accounts: z.array(partnerAccount) }) });
export type PartnerDetail = z.infer<typeof partnerDetailResponse>['data'];
export const partnersPage = pageOf(partner);

export const partnerParams = z.object({ partner_id: z.uuid('Not a valid partner id') });
export const partnerAccountParams = z.object({ account_id: z.uuid('Not a valid account id') });

/** 0-50 with at most two decimals. */
const commissionPercent = z
  .number('Enter a percentage')
  .min(0, 'At least 0')
  .max(COMMISSION_PERCENT_MAX, `At most ${COMMISSION_PERCENT_MAX}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most two decimals');

/** One form creates and edits a partner; its status changes by suspend and reactivate only. */
export const partnerBody = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter a name').max(100, 'At most 100 characters')),
  contact_email: z.email('Enter an email address').max(254, 'At most 254 characters'),
  commission_percent: commissionPercent,
});
export type PartnerBody = z.infer<typeof partnerBody>;

export const partnerAssignBody = z.object({ partner_id: z.uuid('Choose a partner') });
export type PartnerAssignBody = z.infer<typeof partnerAssignBody>;

/** An account's partner: null when it has none. */
export const accountPartner = z.object({
  partner: partner.pick({ id: true, name: true, status: true, commission_percent: true, contact_email: true }),
  assigned_at: z.string(),
  assigned_by: z.string(),
});
export type AccountPartner = z.infer<typeof accountPartner>;
export const accountPartnerResponse = z.object({ data: accountPartner.nullable() });
