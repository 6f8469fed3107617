import { z } from 'zod';

/**
 * CryptoHub (spec §2 account tab cryptohub): the hub product's tenancy of an account, set by platform
 * administrators: whether the account may request services, its home region, its support tier and its quotas.
 * The quotas are enforced where services and cloud HSMs are created.
 */
export const CryptoHubMessages = {
  disabled: 'CryptoHub is disabled for this account: new services cannot be requested. Contact support.',
  servicesQuotaReached: (max: number) => `The account has reached its CryptoHub quota of ${max} service${max === 1 ? '' : 's'} (max_services): delete a service or ask for a higher quota.`,
  cloudHsmsQuotaReached: (max: number) => `The account has reached its CryptoHub quota of ${max} cloud HSM${max === 1 ? '' : 's'} (max_cloud_hsms): deprovision one or ask for a higher quota.`,
  regionUnknown: 'Choose one of the service locations',
  saved: 'CryptoHub tenancy saved',
  notConfigured: 'Not configured yet: the account is unrestricted until its tenancy is saved.',
} as const;

export const SUPPORT_TIERS = ['standard', 'premium', 'enterprise'] as const;
export type SupportTier = (typeof SUPPORT_TIERS)[number];
export const SUPPORT_TIER_LABELS: Record<SupportTier, string> = { standard: 'Standard', premium: 'Premium', enterprise: 'Enterprise' };

/** A quota: a whole number, 0 or more; null is unlimited. */
const quota = z.number('Enter a number').int('Enter a whole number').min(0, 'At least 0').max(100000, 'At most 100000').nullable();

export const hubTenancyBody = z.object({
  enabled: z.boolean(),
  home_region: z.string().trim().min(1, 'Choose a home region').max(100),
  support_tier: z.enum(SUPPORT_TIERS, 'Choose a support tier'),
  max_services: quota,
  max_cloud_hsms: quota,
});
export type HubTenancyBody = z.infer<typeof hubTenancyBody>;

export const hubTenancy = z.object({
  account_id: z.string(),
  /** False until a platform administrator first saves it: the account is then unrestricted. */
  configured: z.boolean(),
  enabled: z.boolean(),
  home_region: z.string().nullable(),
  support_tier: z.enum(SUPPORT_TIERS),
  max_services: z.number().int().nullable(),
  max_cloud_hsms: z.number().int().nullable(),
  /** What the account holds now, against each quota: its services (any status) and its cloud HSMs not deprovisioned. */
  usage: z.object({ services: z.number().int(), cloud_hsms: z.number().int() }),
  /** The service locations a home region is chosen from. */
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type HubTenancy = z.infer<typeof hubTenancy>;
export const hubTenancyResponse = z.object({ data: hubTenancy });
export const hubTenancyParams = z.object({ account_id: z.uuid('Not a valid account id') });
