/**
 * Service types and their display names (spec §3). The spec names the types, not their display names:
 * these are the product names an operator would recognise.
 */
export const SERVICE_TYPES = {
  cryptoverse: 'Cryptoverse',
  cryptotunnel: 'CryptoTunnel',
  cluster_management: 'Cluster Management',
  cloud_hsms: 'Cloud HSMs',
  rkms: 'Remote Key Management',
  offline_rkl: 'Offline Remote Key Loading',
  object_signing: 'Object Signing',
  p2pe: 'Point-to-Point Encryption',
  pin_debit: 'PIN Debit',
  administration: 'Administration',
  enterprise: 'Enterprise',
  cloud_encryption: 'Cloud Encryption',
  token_vault: 'Token Vault',
  '{product}_labs_hsm': 'Labs HSM',
  saas_cloud_hsm: 'SaaS Cloud HSM',
  enterprise_key_management: 'Enterprise Key Management',
  rkl: 'Remote Key Loading',
  hsm_sandbox: 'HSM Sandbox',
  tokenization: 'Tokenization',
  vip_rest: 'VIP REST',
  marketplace_entitlement: 'Marketplace Entitlement',
  advanced_metrics: 'Advanced Metrics',
} as const;
export type ServiceType = keyof typeof SERVICE_TYPES;

/** Service statuses and how they are shown (spec §3). */
export const SERVICE_STATUSES = {
  Enabled: 'Enabled',
  Disabled: 'Disabled',
  PendingProvisioning: 'Pending Provisioning',
  PendingApproval: 'Pending Approval',
} as const;
export type ServiceStatus = keyof typeof SERVICE_STATUSES;

/** The display name of a service type, or the value itself for one this console does not know. */
export function serviceTypeName(type: string): string {
  return (SERVICE_TYPES as Record<string, string>)[type] ?? type;
}
