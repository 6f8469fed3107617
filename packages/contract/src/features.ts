import { z } from 'zod';

/** Per-account feature flags the platform switches on for an account, with what each unlocks. */
export const FEATURES = {
  cryptohub: 'CryptoHub: the hub product and its infrastructure dashboards',
  cloud_provisioning: 'Cloud HSM provisioning',
  cluster_management: 'Crypto cluster management',
  stripe_billing: 'Billing through Stripe',
  google_marketplace: 'Google Cloud Marketplace entitlements',
  azure_marketplace: 'Azure Marketplace entitlements',
  scheduled_reports: 'Scheduled reports',
  api_documentation: 'API documentation pages',
} as const;
export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as [FeatureName, ...FeatureName[]];

export const accountFeature = z.object({ feature_name: z.string(), feature_value: z.boolean() });
export type AccountFeature = z.infer<typeof accountFeature>;

/** spec §7: GET /rest/api/v2/account/{id}/features/ (v2: under data). */
export const accountFeatures = z.object({ data: z.array(accountFeature) });
/** spec §7: PUT /rest/api/v2/account/{id}/feature/ {feature_name, feature_value} returns {key, value}. */
export const featureChange = z.object({ feature_name: z.enum(FEATURE_NAMES), feature_value: z.boolean() });
export const featureChanged = z.object({ data: z.object({ key: z.string(), value: z.boolean() }) });
export const featureParams = z.object({ account_id: z.string().uuid() });

/** A feature is on only when its value is exactly true (spec §6). */
export function isFeatureOn(features: readonly AccountFeature[], name: FeatureName): boolean {
  return features.find((f) => f.feature_name === name)?.feature_value === true;
}
