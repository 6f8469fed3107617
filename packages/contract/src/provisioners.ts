import { z } from 'zod';
import { entityId as id, entityName as name } from './infrastructure.ts';
import { pageOf } from './paging.ts';

/** Provisioner groups of an IPAM zone and the provisioners that host cloud HSMs (spec §2 /configuration/cloud-product/chsm-provisioner-groups, chsm-provisioners). */

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
