import { z } from 'zod';
import { pagingQuery } from './paging.ts';

// The entitlements list's query, on its own: the route table (the app's first chunk) validates URLs with it.

/** Marketplaces a buyer can arrive from, with the token they carry (spec §2: /register/azure, /google-marketplace). */
export const MARKETPLACE_PROVIDERS = ['azure', 'google'] as const;
export type MarketplaceProvider = (typeof MARKETPLACE_PROVIDERS)[number];

export const ENTITLEMENT_STATES = ['pending', 'approved', 'rejected'] as const;
export type EntitlementState = (typeof ENTITLEMENT_STATES)[number];

/** The list: newest sign-ups first; search matches the account's name. */
export const marketplaceEntitlementsQuery = pagingQuery(['recorded_at', 'account_name', 'state'], 'recorded_at').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  provider: z.enum(MARKETPLACE_PROVIDERS).optional(),
  state: z.enum(ENTITLEMENT_STATES).optional(),
});
export type MarketplaceEntitlementsQuery = z.infer<typeof marketplaceEntitlementsQuery>;
