import { z } from 'zod';
import { entityId as id, entityName as name, requiredText as text } from './infrastructure.ts';
import { pageOf } from './paging.ts';

/**
 * Blueprints (spec §2 /configuration/cloud-product/blueprints): what a cloud HSM is made from, on which provisioner
 * group; and the catalogue customers request a cloud HSM from, built from them.
 */

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
