import { BLUEPRINT_POLICY_DEFAULTS, blueprintPoliciesStored, type Blueprint, type BlueprintFields, type BlueprintPolicies } from '@keydeck/contract/blueprints';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { byIdReads } from './by-id-reads.ts';
import * as repo from './blueprints.repository.ts';
import * as groups from './provisioner-groups.service.ts';
import { taken, unknownReference } from './refusals.ts';

export const { list, get, nameOf } = byIdReads(repo, toWire, (row) => row.name);

export async function create(tx: Tx, fields: BlueprintFields): Promise<Blueprint> {
  return get(tx, await repo.insert(tx, await checked(tx, fields)));
}

export async function update(tx: Tx, id: string, fields: BlueprintFields): Promise<Blueprint> {
  if (!(await repo.findById(tx, id))) throw notFound();
  await repo.update(tx, id, await checked(tx, fields, id));
  return get(tx, id);
}

/**
 * A blueprint cloud HSMs were made from stays (they name it, deprovisioned ones too, for their history):
 * disabling it takes it out of the catalogue instead.
 */
export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.lock(tx, id))) throw notFound();
  const row = (await repo.findById(tx, id))!;
  if (row.hsms > 0) throw conflict('blueprint_in_use', InfrastructureMessages.blueprintInUse(row.name, row.hsms));
  if ((await repo.hsmsOnRecord(tx, id)) > 0) throw conflict('blueprint_in_use', InfrastructureMessages.blueprintHasHistory(row.name));
  await repo.remove(tx, id);
}

/** Stored policies as answered: the known ones, each at its default where the stored set lacks it. */
export function policiesOf(stored: unknown): BlueprintPolicies {
  const parsed = blueprintPoliciesStored.safeParse(stored);
  return parsed.success ? parsed.data : BLUEPRINT_POLICY_DEFAULTS;
}

async function checked(tx: Tx, fields: BlueprintFields, exceptId?: string): Promise<repo.NewBlueprint> {
  if (!(await groups.exists(tx, fields.provisioner_group_id))) throw unknownReference('provisioner_group_id', 'provisioner group');
  if (await repo.nameTaken(tx, fields.name, exceptId)) throw taken('name', InfrastructureMessages.nameTaken('blueprint', fields.name));
  return {
    name: fields.name,
    model: fields.model,
    partitions: fields.partitions,
    ports: fields.ports,
    policies: fields.policies,
    provisionerGroupId: fields.provisioner_group_id,
    enabled: fields.enabled,
  };
}

function toWire(row: repo.BlueprintRow): Blueprint {
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    partitions: row.partitions,
    ports: row.ports,
    policies: policiesOf(row.policies),
    provisioner_group_id: row.groupId,
    provisioner_group_name: row.groupName,
    zone_id: row.zoneId,
    zone_name: row.zoneName,
    enabled: row.enabled,
    hsms: row.hsms,
    created_at: row.createdAt.toISOString(),
  };
}
