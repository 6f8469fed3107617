import { z } from 'zod';
import { pageOf } from './paging.ts';
import { PERMISSION_CATEGORIES, type PermissionCategory } from './permissions.ts';
import { serviceStatusKey } from './services-queries.ts';
import { distinctName } from './names.ts';

export { adminServicesQuery, SERVICE_STATUSES, servicesQuery, type AdminServicesQuery, type ServicesQuery, type ServiceStatus } from './services-queries.ts';

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

/**
 * What each service type is for, in one line for a customer choosing what to request (issue 27). The record's type
 * makes every type have one.
 */
export const SERVICE_TYPE_DESCRIPTIONS: Record<ServiceType, string> = {
  cryptoverse: 'Manage payment keys, remote key loading and your own certificate authorities in one place.',
  cryptotunnel: 'Encrypted tunnels that carry your applications’ traffic to your HSMs and key services.',
  cluster_management: 'Group HSMs into clusters that share keys and take over from each other.',
  cloud_hsms: 'Dedicated HSMs in our data centres, which you reach over PKCS#11 and manage from this console.',
  rkms: 'Keep the keys of your payment terminals and load them into devices remotely.',
  offline_rkl: 'Prepare key loads for payment terminals that are not online, to be delivered by file.',
  object_signing: 'Sign software, firmware and documents with keys that never leave the HSM.',
  p2pe: 'Protect card data from the terminal to your decryption point (point-to-point encryption).',
  pin_debit: 'Keys and key loading for PIN debit terminals and their PIN translation.',
  administration: 'Administer your HSMs and key services: users, audit and configuration.',
  enterprise: 'A general-purpose key store for your applications, with its own certificate authorities.',
  cloud_encryption: 'Keep the encryption keys of your cloud storage and databases under your own control.',
  token_vault: 'Store card numbers and other sensitive data as tokens, with the originals kept encrypted.',
  '{product}_labs_hsm': 'An HSM for trying out new products and features before they reach production.',
  saas_cloud_hsm: 'An HSM as a service: we run it, you use its keys through an API.',
  enterprise_key_management: 'Manage keys and certificates across your organisation, and deliver them to your systems.',
  rkl: 'Load keys into payment terminals remotely, from our HSMs to your devices.',
  hsm_sandbox: 'A test HSM to develop and try your integration, with no production keys.',
  tokenization: 'Replace sensitive values with tokens through an API, so your systems never store the originals.',
  vip_rest: 'Call our payment cryptography (PIN, MAC and key operations) over a REST API.',
  marketplace_entitlement: 'Use a subscription bought through a cloud marketplace with this account.',
  advanced_metrics: 'Detailed usage and performance metrics of your services.',
};

/** What a service type is for, or undefined for one this console does not know. */
export function serviceTypeDescription(type: string): string | undefined {
  return (SERVICE_TYPE_DESCRIPTIONS as Record<string, string>)[type];
}

/** The display name of a service type, or the value itself for one this console does not know. */
export function serviceTypeName(type: string): string {
  return (SERVICE_TYPES as Record<string, string>)[type] ?? type;
}

export const SERVICE_PERMISSION_LEVELS = ['View', 'Modify'] as const;
export type ServicePermissionLevel = (typeof SERVICE_PERMISSION_LEVELS)[number];

/** What a service user group may do: each category it holds, at View or Modify level (spec §6). */
export const servicePermissions = z.partialRecord(z.enum(PERMISSION_CATEGORIES), z.enum(SERVICE_PERMISSION_LEVELS));
export type ServicePermissions = z.infer<typeof servicePermissions>;

/** Whether a group's permissions allow the given access; Modify includes View. */
export function allowsServiceAccess(held: ServicePermissions, category: PermissionCategory, level: ServicePermissionLevel): boolean {
  const has = held[category];
  return has === 'Modify' || (has === 'View' && level === 'View');
}

/** A live service session (POST service/login/{id}); token only for services with use_jwt, sent as a bearer token. */
export const serviceSession = z.object({
  service_id: z.string().uuid(),
  expires_at: z.string(),
  idle_timeout_seconds: z.number().int(),
  token: z.string().optional(),
});
export type ServiceSession = z.infer<typeof serviceSession>;
export const serviceLoginResponse = z.object({ service_session: serviceSession });
export const serviceIdParams = z.object({ service_id: z.string().uuid() });

// ---- Catalogue and life cycle (spec §3, §7: service/services, service/, admin/services) ----

const serviceTypeKey = z.enum(Object.keys(SERVICE_TYPES) as [ServiceType, ...ServiceType[]]);

/** A service as the console shows it; type_name is the type's display name. */
export const service = z.object({
  id: z.string().uuid(),
  account_id: z.string().uuid(),
  type: z.string(),
  type_name: z.string(),
  name: z.string(),
  status: serviceStatusKey,
  location: z.string(),
  environment: z.string(),
  use_jwt: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof service>;

/** A region a service can run in, and the data centres (server locations) behind it. */
export const serviceLocation = z.object({ id: z.string(), name: z.string() });
export const serverLocation = z.object({ id: z.string(), name: z.string(), service_location: z.string() });
/** A type the account may request. */
export const serviceAvailable = z.object({ type: z.string(), type_name: z.string() });

export const servicesPage = pageOf(service).extend({
  service_locations: z.array(serviceLocation),
  server_locations: z.array(serverLocation),
  services_available: z.array(serviceAvailable),
  environments: z.array(z.string()),
  /** The session's current service (PUT service/services), if any. */
  current_service_id: z.string().uuid().nullable(),
});
export type ServicesPage = z.infer<typeof servicesPage>;

/** POST service/services: a customer requests a service; it starts PendingApproval. */
export const serviceRequestBody = z.object({
  type: serviceTypeKey,
  name: distinctName(z.string().trim().min(1).max(100)),
  location: z.string().min(1),
  environment: z.string().min(1),
});
export type ServiceRequest = z.infer<typeof serviceRequestBody>;

/** PUT service/services: selects the session's current service; null resets it (spec §4). */
export const currentServiceBody = z.object({ service_id: z.string().uuid().nullable() });
export const currentServiceResponse = z.object({ service_id: z.string().uuid().nullable() });

/** GET service/?id= */
export const serviceQuery = z.object({ id: z.string().uuid() });
export const serviceResponse = z.object({ service });

/** admin/services POST: a platform administrator creates services for an account directly (they go to provisioning). */
export const adminServicesCreateBody = z.object({
  services: z.array(serviceRequestBody.extend({ account_id: z.string().uuid(), use_jwt: z.boolean().default(false) })).min(1).max(20),
});
/**
 * admin/services PUT: approve (PendingApproval -> PendingProvisioning), disable (Enabled -> Disabled) or
 * enable (Disabled -> Enabled); any other move is refused with 409.
 */
export const SERVICE_ACTIONS = ['approve', 'enable', 'disable'] as const;
export const adminServicesUpdateBody = z.object({
  services: z.array(z.object({ id: z.string().uuid(), action: z.enum(SERVICE_ACTIONS) })).min(1).max(100),
});
/** admin/services DELETE: rejects pending requests and deletes services, with everything they hold. */
export const adminServicesDeleteBody = z.object({ services: z.array(z.string().uuid()).min(1).max(100) });
export const adminServicesPage = pageOf(service.extend({ account_name: z.string() }));
/** DELETE service/services: the requester withdraws pending requests of their own account. */
export const serviceCancelBody = z.object({ services: z.array(z.string().uuid()).min(1).max(100) });
export const servicesResponse = z.object({ services: z.array(service) });
