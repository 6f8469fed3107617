import { z } from 'zod';
import type { FeatureName } from './features.ts';
import type { ServiceType } from './services.ts';

/** The optional capabilities a service may offer (GET service/features), with what each opens. */
export const SERVICE_FEATURES = {
  symmetric_keys: 'Symmetric keys and key groups',
  key_assignments: 'Key-slot assignments of device groups',
  remote_key_load: 'Remote key loading (TR-31 key blocks to devices)',
  certificate_authorities: 'Certificate authorities and certificate management',
  transfer_servers: 'FTP and SCP/SFTP transfer servers and their host keys',
  scheduled_reports: 'Scheduled reports',
  allowed_addresses: 'The service’s own allowed IP addresses',
} as const;
export type ServiceFeatureName = keyof typeof SERVICE_FEATURES;
export const SERVICE_FEATURE_NAMES = Object.keys(SERVICE_FEATURES) as [ServiceFeatureName, ...ServiceFeatureName[]];

// Every service has a data API, so every service may narrow who calls it; reports run on any service's data.
const BASE = ['allowed_addresses', 'scheduled_reports'] as const satisfies readonly ServiceFeatureName[];
const KEY_LOADING = [...BASE, 'symmetric_keys', 'key_assignments', 'remote_key_load', 'transfer_servers'] as const;
const EVERYTHING = SERVICE_FEATURE_NAMES;

/**
 * What each service type offers. The key-management products (rkms, cryptoverse, rkl) offer everything; the
 * payment products that load keys into terminals offer keys, assignments, loading and delivery; key stores
 * without terminals offer keys (and CAs where they issue certificates); HSM and infrastructure products offer
 * only the base. A type this console does not know offers the base.
 */
export const SERVICE_TYPE_FEATURES: Record<ServiceType, readonly ServiceFeatureName[]> = {
  rkms: EVERYTHING,
  cryptoverse: EVERYTHING,
  rkl: EVERYTHING,
  offline_rkl: KEY_LOADING,
  p2pe: KEY_LOADING,
  pin_debit: KEY_LOADING,
  enterprise_key_management: [...BASE, 'symmetric_keys', 'certificate_authorities', 'transfer_servers'],
  enterprise: [...BASE, 'symmetric_keys', 'certificate_authorities'],
  object_signing: [...BASE, 'certificate_authorities'],
  cloud_encryption: [...BASE, 'symmetric_keys'],
  tokenization: [...BASE, 'symmetric_keys'],
  token_vault: [...BASE, 'symmetric_keys'],
  vip_rest: [...BASE, 'symmetric_keys'],
  cloud_hsms: BASE,
  saas_cloud_hsm: BASE,
  '{product}_labs_hsm': BASE,
  hsm_sandbox: BASE,
  cluster_management: BASE,
  cryptotunnel: BASE,
  administration: BASE,
  advanced_metrics: BASE,
  marketplace_entitlement: ['allowed_addresses'],
};

/**
 * Features that also need the account's own flag (GET account/{id}/features, spec §6: on only when exactly
 * true): the service offers them to an account only once the platform switched them on for it.
 */
export const SERVICE_FEATURE_ACCOUNT_FLAGS: Partial<Record<ServiceFeatureName, FeatureName>> = {
  scheduled_reports: 'scheduled_reports',
};

/** The features a service type offers, before any account flag. */
export function serviceTypeFeatures(type: string): readonly ServiceFeatureName[] {
  return (SERVICE_TYPE_FEATURES as Record<string, readonly ServiceFeatureName[] | undefined>)[type] ?? BASE;
}

export const serviceFeature = z.object({ feature_name: z.string(), feature_value: z.boolean() });
export type ServiceFeature = z.infer<typeof serviceFeature>;

/** GET service/features?account_id=…: every feature of the caller's current service, on or off for the account. */
export const serviceFeaturesQuery = z.object({ account_id: z.string().uuid() });
export const serviceFeaturesResponse = z.object({
  service_id: z.string().uuid(),
  service_type: z.string(),
  features: z.array(serviceFeature),
});
export type ServiceFeatures = z.infer<typeof serviceFeaturesResponse>;

/** A feature is on only when the server says exactly true. */
export function isServiceFeatureOn(features: readonly ServiceFeature[] | undefined, name: ServiceFeatureName): boolean {
  return features?.find((f) => f.feature_name === name)?.feature_value === true;
}
