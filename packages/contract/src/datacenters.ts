import { z } from 'zod';
import { entityId as id, entityName as name, requiredText as text } from './infrastructure.ts';
import { parseAddress } from './ip-addresses.ts';
import { pageOf } from './paging.ts';

/** Datacenters and the platform's own servers in them (spec §2 /configuration/datacenter-infrastructure). */

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
