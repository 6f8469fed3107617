import type { Datacenter, DatacenterFields } from '@keydeck/contract/datacenters';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { byIdReads } from './by-id-reads.ts';
import * as repo from './datacenters.repository.ts';
import { taken } from './refusals.ts';

export const { list, get, exists, nameOf } = byIdReads(repo, toWire, (row) => row.name);

export async function create(tx: Tx, fields: DatacenterFields): Promise<Datacenter> {
  await refuseClashes(tx, fields);
  return get(tx, await repo.insert(tx, fields));
}

export async function update(tx: Tx, id: string, fields: DatacenterFields): Promise<Datacenter> {
  if (!(await repo.findById(tx, id))) throw notFound();
  await refuseClashes(tx, fields, id);
  await repo.update(tx, id, fields);
  return get(tx, id);
}

/** Only an empty datacenter goes: its servers and zones would otherwise point nowhere. */
export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.lock(tx, id))) throw notFound();
  const row = (await repo.findById(tx, id))!;
  if (row.servers > 0 || row.zones > 0) {
    throw conflict('datacenter_in_use', InfrastructureMessages.datacenterInUse(row.name, row.servers, row.zones));
  }
  await repo.remove(tx, id);
}

async function refuseClashes(tx: Tx, fields: DatacenterFields, exceptId?: string) {
  const clashes = await repo.findClashes(tx, fields, exceptId);
  if (clashes.some((c) => c.name.toLowerCase() === fields.name.toLowerCase())) {
    throw taken('name', InfrastructureMessages.nameTaken('datacenter', fields.name));
  }
  if (clashes.length > 0) throw taken('code', InfrastructureMessages.codeTaken(fields.code));
}

function toWire(row: repo.DatacenterRow): Datacenter {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    location: row.location,
    servers: row.servers,
    zones: row.zones,
    created_at: row.createdAt.toISOString(),
  };
}
