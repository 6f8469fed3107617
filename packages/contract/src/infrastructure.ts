import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { LICENSE_STATUSES } from './licenses.ts';
import { pageOf } from './paging.ts';

/**
 * The platform's infrastructure configuration (spec §2 /configuration/*, platform administrators only), the
 * customer catalogue of what a cloud HSM can be requested from, and the platform dashboards' data.
 * One file for the whole area on purpose: the screens of /configuration/* and /admin-dashboards/* build from it,
 * and its sections (datacenters, servers, IPAM, provisioners, blueprints, licenses, resources, catalogue,
 * dashboards) each stay short. Wire is snake_case; lists answer {data, total}, one item {data}.
 */

// ---- Shared pieces ----

const text = (label: string, max: number) =>
  z.string().trim().min(1, `Enter ${label}`).max(max, `At most ${max} characters`);
const name = text('a name', 100);
const id = z.string().uuid();

/** Answer of every DELETE here: the id removed. */
export const infrastructureDeletedResponse = z.object({ data: z.object({ id: z.string() }) });

/** Every user-visible refusal of this area, once, so the server, the screens and the tests say the same words. */
export const InfrastructureMessages = {
  nameTaken: (kind: string, value: string) => `A ${kind} named ${value} already exists`,
  codeTaken: (code: string) => `A datacenter with code ${code} already exists`,
  hostnameTaken: (hostname: string) => `A server with hostname ${hostname} already exists`,
  unknown: (kind: string) => `No such ${kind}`,
  datacenterInUse: (name: string, servers: number, zones: number) =>
    `Datacenter ${name} still has ${servers} server(s) and ${zones} IPAM zone(s): move or remove them first`,
  zoneInUse: (name: string, pools: number, groups: number, hsms: number) =>
    `IPAM zone ${name} still has ${pools} pool(s), ${groups} provisioner group(s) and ${hsms} cloud HSM(s): remove them first`,
  cidrInvalid: 'Enter a CIDR such as 10.20.0.0/24 or fd00:10::/64',
  cidrHostBits: (given: string, network: string) => `${given} has host bits set: the network address is ${network}`,
  cidrPrefix: (family: 'IPv4' | 'IPv6', min: number, max: number) => `An ${family} pool is between /${min} and /${max}`,
  poolOverlap: (cidr: string, other: string, zone: string) => `${cidr} overlaps pool ${other} of IPAM zone ${zone}`,
  poolOverlapConcurrent: (cidr: string) => `${cidr} overlaps a pool added at the same time`,
  poolHasAllocations: (cidr: string, allocated: number) =>
    `Pool ${cidr} has ${allocated} allocated address(es): release them before removing the pool`,
  groupInUse: (name: string, provisioners: number, blueprints: number) =>
    `Provisioner group ${name} is used by ${provisioners} provisioner(s) and ${blueprints} blueprint(s): move them first`,
  provisionerHostsHsms: (name: string, hosted: number) =>
    `Provisioner ${name} hosts ${hosted} cloud HSM(s): drain it and deprovision them first`,
  blueprintInUse: (name: string, hsms: number) => `Blueprint ${name} is used by ${hsms} cloud HSM(s): disable it instead`,
  blueprintHasHistory: (name: string) => `Blueprint ${name} has deprovisioned cloud HSMs on record: disable it instead`,
  seatsInUse: (reference: string, model: string, used: number, needed: number) =>
    `License ${reference} needs at least ${needed} seat(s) while valid: ${used} cloud HSM(s) of model ${model} hold seats`,
  dashboardUnknown: 'No such dashboard',
} as const;

// ---- Datacenters ----

export const datacenter = z.object({
  id: z.string(),
  name: z.string(),
  /** Short code, as in hostnames (fra1). */
  code: z.string(),
  /** Where it is, as customers see it (Frankfurt, Germany). */
  location: z.string(),
  servers: z.number().int(),
  zones: z.number().int(),
  created_at: z.string(),
});
export type Datacenter = z.infer<typeof datacenter>;

/** Create and edit take the same fields (an edit replaces them all). */
export const datacenterFields = z.object({
  name,
  code: z
    .string()
    .trim()
    .min(2, 'At least 2 characters')
    .max(16, 'At most 16 characters')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lowercase letters, digits and hyphens (fra1)'),
  location: text('the location', 200),
});
export type DatacenterFields = z.infer<typeof datacenterFields>;

export const datacenterParams = z.object({ datacenter_id: id });
export const datacentersPage = pageOf(datacenter);
export const datacenterResponse = z.object({ data: datacenter });

// ---- Global servers ----

export const GLOBAL_SERVER_ROLES = ['provisioner', 'database', 'web', 'network'] as const;
export const GLOBAL_SERVER_STATUSES = ['active', 'maintenance', 'retired'] as const;
export const GLOBAL_SERVER_ROLE_LABELS: Record<(typeof GLOBAL_SERVER_ROLES)[number], string> = {
  provisioner: 'Provisioner',
  database: 'Database',
  web: 'Web',
  network: 'Network',
};
export const GLOBAL_SERVER_STATUS_LABELS: Record<(typeof GLOBAL_SERVER_STATUSES)[number], string> = {
  active: 'Active',
  maintenance: 'Maintenance',
  retired: 'Retired',
};

/** An IPv4 (four-part decimal) or IPv6 address without a zone, as ipaddr.js parses it; null when it is not one. */
export function parseAddress(value: string): string | null {
  const trimmed = value.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return ipaddr.IPv4.parse(trimmed).toString();
  if (ipaddr.IPv6.isValid(trimmed)) {
    const address = ipaddr.IPv6.parse(trimmed);
    return address.zoneId === undefined ? address.toRFC5952String() : null;
  }
  return null;
}

const hostnamePattern = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const globalServer = z.object({
  id: z.string(),
  datacenter_id: z.string(),
  datacenter_name: z.string(),
  hostname: z.string(),
  address: z.string(),
  role: z.enum(GLOBAL_SERVER_ROLES),
  status: z.enum(GLOBAL_SERVER_STATUSES),
  created_at: z.string(),
});
export type GlobalServer = z.infer<typeof globalServer>;

export const globalServerFields = z.object({
  datacenter_id: id,
  hostname: z.string().trim().regex(hostnamePattern, 'Enter a hostname such as hsm-01.fra1.example.net'),
  address: z
    .string()
    .trim()
    .refine((value) => parseAddress(value) !== null, 'Enter an IPv4 or IPv6 address'),
  role: z.enum(GLOBAL_SERVER_ROLES),
  status: z.enum(GLOBAL_SERVER_STATUSES).default('active'),
});
export type GlobalServerFields = z.infer<typeof globalServerFields>;

export const globalServerParams = z.object({ server_id: id });
export const globalServersPage = pageOf(globalServer);
export const globalServerResponse = z.object({ data: globalServer });

// ---- IPAM: zones, pools, allocations ----

/** Prefix lengths a pool may have: large enough to be worth a pool, small enough to hold hosts. */
export const IPAM_PREFIX_BOUNDS = { ipv4: { min: 8, max: 30 }, ipv6: { min: 64, max: 126 } } as const;
export type IpFamily = keyof typeof IPAM_PREFIX_BOUNDS;

/**
 * Addresses of a pool that can be handed out: an IPv4 pool loses its network and broadcast addresses, an IPv6
 * pool its network address (the subnet-router anycast address, RFC 4291 §2.6.1).
 */
export function usableAddresses(family: IpFamily, prefix: number): bigint {
  return family === 'ipv4' ? 2n ** BigInt(32 - prefix) - 2n : 2n ** BigInt(128 - prefix) - 1n;
}

/** An address count as shown: exact (grouped) up to a trillion, beyond that as the nearest power of two (≈ 2^64). */
export function formatAddressCount(count: bigint): string {
  if (count < 1_000_000_000_000n) return count.toLocaleString('en-US');
  return `≈ 2^${Math.round(Math.log2(Number(count)))}`;
}

/** Allocated as a share of size, in percent with two decimals (0 for an empty size). */
export function utilisationPercent(allocated: number, size: bigint): number {
  if (size <= 0n) return 0;
  return Number((BigInt(allocated) * 10_000n) / size) / 100;
}

export type ParsedCidr = { family: IpFamily; prefix: number; /** Canonical network/prefix. */ cidr: string };

/** Parses a pool's CIDR with ipaddr.js: the canonical form, or why it cannot be a pool. */
export function parsePoolCidr(value: string): { ok: true; value: ParsedCidr } | { ok: false; message: string } {
  const given = value.trim();
  const v4 = ipaddr.IPv4.isValidCIDRFourPartDecimal(given);
  if (!v4 && !ipaddr.IPv6.isValidCIDR(given)) return { ok: false, message: InfrastructureMessages.cidrInvalid };
  const [address, prefix] = v4 ? ipaddr.IPv4.parseCIDR(given) : ipaddr.IPv6.parseCIDR(given);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).zoneId !== undefined) return { ok: false, message: InfrastructureMessages.cidrInvalid };
  const family: IpFamily = v4 ? 'ipv4' : 'ipv6';
  const network = v4 ? ipaddr.IPv4.networkAddressFromCIDR(given).toString() : ipaddr.IPv6.networkAddressFromCIDR(given).toRFC5952String();
  const canonical = `${network}/${prefix}`;
  const spelled = v4 ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
  if (spelled !== network) return { ok: false, message: InfrastructureMessages.cidrHostBits(given, canonical) };
  const { min, max } = IPAM_PREFIX_BOUNDS[family];
  if (prefix < min || prefix > max) return { ok: false, message: InfrastructureMessages.cidrPrefix(v4 ? 'IPv4' : 'IPv6', min, max) };
  return { ok: true, value: { family, prefix, cidr: canonical } };
}

export const ipamPool = z.object({
  id: z.string(),
  zone_id: z.string(),
  cidr: z.string(),
  family: z.enum(['ipv4', 'ipv6']),
  prefix_length: z.number().int(),
  /** Usable addresses, exact, as a decimal string (an IPv6 pool holds more than a JSON number can). */
  size: z.string(),
  /** size as shown: exact up to a trillion, else ≈ 2^n. */
  size_display: z.string(),
  allocated: z.number().int(),
  utilisation_percent: z.number(),
  created_at: z.string(),
});
export type IpamPool = z.infer<typeof ipamPool>;

export const ipamZone = z.object({
  id: z.string(),
  name: z.string(),
  datacenter_id: z.string(),
  datacenter_name: z.string(),
  datacenter_location: z.string(),
  pools: z.array(ipamPool),
  size: z.string(),
  size_display: z.string(),
  allocated: z.number().int(),
  utilisation_percent: z.number(),
  created_at: z.string(),
});
export type IpamZone = z.infer<typeof ipamZone>;

export const ipamZoneFields = z.object({ name, datacenter_id: id });
export type IpamZoneFields = z.infer<typeof ipamZoneFields>;

export const ipamPoolFields = z.object({
  cidr: z.string().superRefine((value, ctx) => {
    const parsed = parsePoolCidr(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
});
export type IpamPoolFields = z.infer<typeof ipamPoolFields>;

export const ipamZoneParams = z.object({ zone_id: id });
export const ipamPoolParams = z.object({ zone_id: id, pool_id: id });
export const ipamZonesPage = pageOf(ipamZone);
export const ipamZoneResponse = z.object({ data: ipamZone });
export const ipamPoolResponse = z.object({ data: ipamPool });

export const ipamAllocation = z.object({
  address: z.string(),
  pool_id: z.string(),
  pool_cidr: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  cloud_hsm_id: z.string(),
  cloud_hsm_name: z.string().nullable(),
  allocated_at: z.string(),
});
export type IpamAllocation = z.infer<typeof ipamAllocation>;
export const ipamAllocationsPage = pageOf(ipamAllocation);

// ---- Provisioner groups and provisioners ----

export const provisionerGroup = z.object({
  id: z.string(),
  name: z.string(),
  zone_id: z.string(),
  zone_name: z.string(),
  description: z.string(),
  provisioners: z.number().int(),
  blueprints: z.number().int(),
  created_at: z.string(),
});
export type ProvisionerGroup = z.infer<typeof provisionerGroup>;

export const provisionerGroupFields = z.object({
  name,
  zone_id: id,
  description: z.string().trim().max(500, 'At most 500 characters').default(''),
});
export type ProvisionerGroupFields = z.infer<typeof provisionerGroupFields>;

export const provisionerGroupParams = z.object({ group_id: id });
export const provisionerGroupsPage = pageOf(provisionerGroup);
export const provisionerGroupResponse = z.object({ data: provisionerGroup });

/** A provisioner is Up while its last heartbeat is younger than this; Down after, and its HSMs Unreachable. */
export const PROVISIONER_DOWN_AFTER_SECONDS = 60;
export const PROVISIONER_STATES = ['Up', 'Down'] as const;

export const provisioner = z.object({
  id: z.string(),
  name: z.string(),
  /** The driver behind it (softhsm2 for the built-in one). */
  kind: z.string(),
  host: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string().nullable(),
  capacity: z.number().int(),
  /** Cloud HSMs on it that are not Deprovisioned. */
  hosted: z.number().int(),
  utilisation_percent: z.number(),
  draining: z.boolean(),
  version: z.string(),
  registered_at: z.string(),
  last_heartbeat_at: z.string(),
  state: z.enum(PROVISIONER_STATES),
});
export type Provisioner = z.infer<typeof provisioner>;

/** Provisioners register themselves; an administrator places one in a group (or none) and drains it. */
export const provisionerUpdate = z.object({ group_id: id.nullable(), draining: z.boolean() });
export type ProvisionerUpdate = z.infer<typeof provisionerUpdate>;

export const provisionerParams = z.object({ provisioner_id: id });
export const provisionersPage = pageOf(provisioner);
export const provisionerResponse = z.object({ data: provisioner });

// ---- Blueprints ----

/** The policies a blueprint sets on its HSMs: a small fixed set, each with its default. */
const blueprintPolicyShape = {
  /** Restrict the token to FIPS-approved mechanisms. */
  fips_mode: z.boolean().default(false),
  /** Shortest PIN the token accepts. */
  min_pin_length: z.number().int('A whole number').min(4, 'At least 4').max(64, 'At most 64').default(8),
  /** Whether the customer may download encrypted backups of the token. */
  backup_allowed: z.boolean().default(true),
};
/** As sent: unknown policies are refused. */
export const blueprintPolicies = z.strictObject(blueprintPolicyShape);
/** As stored and answered: unknown keys dropped, missing ones at their defaults. */
export const blueprintPoliciesStored = z.object(blueprintPolicyShape);
export type BlueprintPolicies = z.infer<typeof blueprintPolicies>;
export const BLUEPRINT_POLICY_DEFAULTS: BlueprintPolicies = blueprintPolicies.parse({});

export const blueprint = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  partitions: z.number().int(),
  ports: z.number().int(),
  policies: blueprintPoliciesStored,
  provisioner_group_id: z.string(),
  provisioner_group_name: z.string(),
  zone_id: z.string(),
  zone_name: z.string(),
  enabled: z.boolean(),
  /** Cloud HSMs of this blueprint that are not Deprovisioned. */
  hsms: z.number().int(),
  created_at: z.string(),
});
export type Blueprint = z.infer<typeof blueprint>;

export const blueprintFields = z.object({
  name,
  model: text('the model', 100),
  partitions: z.number().int('A whole number').min(1, 'At least 1').max(100, 'At most 100'),
  ports: z.number().int('A whole number').min(1, 'At least 1').max(16, 'At most 16'),
  policies: blueprintPolicies.default(BLUEPRINT_POLICY_DEFAULTS),
  provisioner_group_id: id,
  enabled: z.boolean().default(true),
});
export type BlueprintFields = z.infer<typeof blueprintFields>;

export const blueprintParams = z.object({ blueprint_id: id });
export const blueprintsPage = pageOf(blueprint);
export const blueprintResponse = z.object({ data: blueprint });

// ---- Product licenses ----

/**
 * A license the platform holds for an HSM model. Each cloud HSM of the model that is not Deprovisioned holds one
 * seat of a license valid today; seats_used is this license's share (HSMs oldest first fill the model's valid
 * licenses in order of valid_from), so the shares of a model add up to its HSMs as far as seats reach.
 */
export const productLicense = z.object({
  id: z.string(),
  model: z.string(),
  reference: z.string(),
  seats: z.number().int(),
  seats_used: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  status: z.enum(LICENSE_STATUSES),
  created_at: z.string(),
});
export type ProductLicense = z.infer<typeof productLicense>;

export const productLicenseFields = z
  .object({
    model: text('the model', 100),
    reference: text('the reference', 100),
    seats: z.number().int('A whole number').min(1, 'At least 1').max(1_000_000, 'At most 1,000,000'),
    valid_from: isoDate(),
    valid_until: isoDate(),
  })
  .refine((l) => l.valid_until >= l.valid_from, { path: ['valid_until'], message: 'The end date must not be before the start date' });
export type ProductLicenseFields = z.infer<typeof productLicenseFields>;

export const productLicenseParams = z.object({ license_id: id });
export const productLicensesPage = pageOf(productLicense);
export const productLicenseResponse = z.object({ data: productLicense });

// ---- Resources: what is allocated to whom ----

export const resource = z.object({
  cloud_hsm_id: z.string(),
  cloud_hsm_name: z.string(),
  /** The cloud HSM's status (PendingProvisioning, Enabled, Deprovisioning, Failed). */
  status: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  service_id: z.string(),
  service_name: z.string(),
  blueprint_name: z.string(),
  model: z.string(),
  zone_name: z.string(),
  provisioner_id: z.string().nullable(),
  provisioner_name: z.string().nullable(),
  address: z.string().nullable(),
  ports: z.array(z.object({ port: z.number().int(), purpose: z.string() })),
  license_id: z.string().nullable(),
  license_reference: z.string().nullable(),
  created_at: z.string(),
});
export type Resource = z.infer<typeof resource>;
export const resourcesPage = pageOf(resource);

// ---- Catalogue (customers): what a cloud HSM can be requested from ----

export const catalogueZone = z.object({ id: z.string(), name: z.string(), datacenter_name: z.string(), location: z.string() });
export const catalogueBlueprint = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  partitions: z.number().int(),
  ports: z.number().int(),
  policies: blueprintPoliciesStored,
  /** Where its HSMs can be placed: the zone of its provisioner group. */
  zones: z.array(catalogueZone),
});
export type CatalogueBlueprint = z.infer<typeof catalogueBlueprint>;
export const cloudCatalogueResponse = pageOf(catalogueBlueprint);

// ---- Dashboards ----

export const DASHBOARD_PRODUCTS = ['cryptohub', 'odh'] as const;
export const dashboardParams = z.object({ product: z.string() });
const dayCount = z.object({ day: z.string(), count: z.number().int() });

/** odh (on-demand HSMs): the cloud HSMs. Days without data are left out of per-day series. */
export const odhCustomerDashboard = z.object({
  product: z.literal('odh'),
  /** Every cloud HSM on record, Deprovisioned ones included, by status. */
  by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  /** Cloud HSMs that are not Deprovisioned, by the datacenter of their zone. */
  by_location: z.array(z.object({ datacenter_id: z.string(), datacenter_name: z.string(), location: z.string(), count: z.number().int() })),
  /** The ten accounts with the most cloud HSMs that are not Deprovisioned. */
  top_accounts: z.array(z.object({ account_id: z.string(), account_name: z.string(), count: z.number().int() })),
  /** Cloud HSMs requested per day (UTC), the last 30 days. */
  created_per_day: z.array(dayCount),
});

/** cryptohub (the hub product): clusters of cloud HSMs. */
export const cryptohubCustomerDashboard = z.object({
  product: z.literal('cryptohub'),
  clusters_per_account: z.array(z.object({ account_id: z.string(), account_name: z.string(), clusters: z.number().int() })),
  /** Cluster members by their state (Joining, InSync, Failed). */
  members_by_state: z.array(z.object({ state: z.string(), count: z.number().int() })),
  /** Cloud HSMs that are not Deprovisioned, in a cluster or standalone. */
  hsms_in_clusters: z.number().int(),
  hsms_standalone: z.number().int(),
  /** Accounts with at least one cloud_hsms or cluster_management service. */
  accounts_with_cloud_services: z.number().int(),
});

export const customerDashboard = z.discriminatedUnion('product', [odhCustomerDashboard, cryptohubCustomerDashboard]);
export type CustomerDashboard = z.infer<typeof customerDashboard>;
export const customerDashboardResponse = z.object({ data: customerDashboard });

export const provisioningDashboard = z.object({
  provisioners: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      capacity: z.number().int(),
      hosted: z.number().int(),
      utilisation_percent: z.number(),
      state: z.enum(PROVISIONER_STATES),
    }),
  ),
  zones: z.array(
    z.object({ id: z.string(), name: z.string(), size: z.string(), size_display: z.string(), allocated: z.number().int(), utilisation_percent: z.number() }),
  ),
  /** Provisioning and deprovisioning runs waiting or running now. */
  queue: z.object({ queued: z.number().int(), running: z.number().int() }),
  /** Finished runs per day (UTC), the last 30 days: how many, and their median and 95th percentile in seconds. */
  durations_per_day: z.array(z.object({ day: z.string(), runs: z.number().int(), p50_seconds: z.number(), p95_seconds: z.number() })),
  /** Failed runs per day (UTC), the last 30 days. */
  failures_per_day: z.array(dayCount),
});
export type ProvisioningDashboard = z.infer<typeof provisioningDashboard>;
export const provisioningDashboardResponse = z.object({ data: provisioningDashboard });
