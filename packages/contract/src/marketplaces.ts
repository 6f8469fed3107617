import { z } from 'zod';
import { ENTITLEMENT_STATES, type EntitlementState } from './marketplaces-queries.ts';
import { pageOf } from './paging.ts';
import { MARKETPLACE_PROVIDERS, type MarketplaceProvider } from './registration.ts';

/**
 * Marketplace entitlements (spec §2 /v2/admin/azure and the account tab google-marketplace): an account that signed
 * up through the Azure or Google Cloud marketplace waits for a platform administrator, who approves it on a plan
 * (linking the account's services it pays for) or rejects it with a reason. The marketplaces' own APIs cannot be
 * reached, so the decision is by hand. The buyer's token is a credential: only its fingerprint goes on the wire.
 */
export const MarketplaceMessages = {
  noEntitlement: 'This account did not sign up through a marketplace.',
  notPending: (state: string) => `This entitlement is already ${state}: only a pending entitlement can be approved or rejected.`,
  notApproved: 'Only an approved entitlement pays for services: approve it first.',
  notAccountService: 'Choose services of this account only.',
  approved: (account: string) => `${account}'s marketplace entitlement approved.`,
  rejected: (account: string) => `${account}'s marketplace entitlement rejected.`,
  servicesSaved: (account: string) => `Services paid by ${account}'s entitlement saved.`,
  fingerprintHint: 'The first 8 hex digits of the SHA-256 of the token the marketplace sent; the token itself is never shown.',
} as const;

export const MARKETPLACE_PROVIDER_LABELS = {
  azure: 'Azure Marketplace',
  google: 'Google Cloud Marketplace',
} as const satisfies Record<MarketplaceProvider, string>;

export const ENTITLEMENT_STATE_LABELS: Record<EntitlementState, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Hex digits of the token's SHA-256 shown to tell entitlements apart. */
export const TOKEN_FINGERPRINT_LENGTH = 8;

export const entitlementService = z.object({ id: z.string(), name: z.string(), type: z.string(), status: z.string() });
export type EntitlementService = z.infer<typeof entitlementService>;

export const marketplaceEntitlement = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  provider: z.enum(MARKETPLACE_PROVIDERS),
  provider_label: z.enum([MARKETPLACE_PROVIDER_LABELS.azure, MARKETPLACE_PROVIDER_LABELS.google]),
  token_fingerprint: z.string(),
  recorded_at: z.string(),
  state: z.enum(ENTITLEMENT_STATES),
  plan: z.string().nullable(),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The account's services the entitlement pays for (approved ones only). */
  services: z.array(entitlementService),
});
export type MarketplaceEntitlement = z.infer<typeof marketplaceEntitlement>;

export const marketplaceEntitlementResponse = z.object({ data: marketplaceEntitlement });
export const marketplaceEntitlementsPage = pageOf(marketplaceEntitlement);


export const marketplaceAccountParams = z.object({ account_id: z.uuid('Not a valid account id') });

/** The account's services an entitlement pays for; each must be one of that account's (400 on service_ids). */
const serviceIds = z.array(z.uuid('Not a valid service id')).max(100, 'At most 100 services');

export const entitlementServicesBody = z.object({ service_ids: serviceIds });
export type EntitlementServicesBody = z.infer<typeof entitlementServicesBody>;

export const entitlementApproveBody = z.object({
  plan: z.string().trim().min(1, 'Enter the plan').max(100, 'At most 100 characters'),
  service_ids: serviceIds,
});
export type EntitlementApproveBody = z.infer<typeof entitlementApproveBody>;

export const entitlementRejectBody = z.object({
  reason: z.string().trim().min(1, 'Enter a reason').max(500, 'At most 500 characters'),
});
export type EntitlementRejectBody = z.infer<typeof entitlementRejectBody>;
