import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { ProvisionerGroup, ProvisionerGroupFields } from '@keydeck/contract/provisioners';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { byIdReads } from './by-id-reads.ts';
import * as zones from './ipam-zones.service.ts';
import * as repo from './provisioner-groups.repository.ts';
import { taken, unknownReference } from './refusals.ts';

export const { list, get, exists, nameOf } = byIdReads(repo, toWire, (row) => row.name);

export async function create(tx: Tx, fields: ProvisionerGroupFields): Promise<ProvisionerGroup> {
  return get(tx, await repo.insert(tx, await checked(tx, fields)));
}

export async function update(tx: Tx, id: string, fields: ProvisionerGroupFields): Promise<ProvisionerGroup> {
  if (!(await repo.findById(tx, id))) throw notFound();
  await repo.update(tx, id, await checked(tx, fields, id));
  return get(tx, id);
}

/** A group still placing provisioners or blueprints stays: move them to another group first. */
export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.lock(tx, id))) throw notFound();
  const group = (await repo.findById(tx, id))!;
  if (group.provisioners > 0 || group.blueprints > 0) {
    throw conflict('group_in_use', InfrastructureMessages.groupInUse(group.name, group.provisioners, group.blueprints));
  }
  await repo.remove(tx, id);
}

async function checked(tx: Tx, fields: ProvisionerGroupFields, exceptId?: string): Promise<repo.NewGroup> {
  if (!(await zones.exists(tx, fields.zone_id))) throw unknownReference('zone_id', 'IPAM zone');
  if (await repo.nameTaken(tx, fields.name, exceptId)) throw taken('name', InfrastructureMessages.nameTaken('provisioner group', fields.name));
  return { name: fields.name, zoneId: fields.zone_id, description: fields.description };
}

function toWire(row: repo.GroupRow): ProvisionerGroup {
  return {
    id: row.id,
    name: row.name,
    zone_id: row.zoneId,
    zone_name: row.zoneName,
    description: row.description,
    provisioners: row.provisioners,
    blueprints: row.blueprints,
    created_at: row.createdAt.toISOString(),
  };
}
