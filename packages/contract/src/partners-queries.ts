import { z } from 'zod';
import { pagingQuery } from './paging.ts';

/** The partners list's query, on its own: the route table (the app's first chunk) validates URLs with it. */
export const PARTNER_STATUSES = ['active', 'suspended'] as const;
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

export const partnersQuery = pagingQuery(['name', 'created_at', 'status'], 'name').extend({
  status: z.enum(PARTNER_STATUSES).optional(),
});
export type PartnersQuery = z.infer<typeof partnersQuery>;
