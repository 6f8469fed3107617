import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { Provisioner, ProvisionerUpdate } from '@keydeck/contract/provisioners';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { byIdReads } from './by-id-reads.ts';
import * as groups from './provisioner-groups.service.ts';
import * as repo from './provisioners.repository.ts';
import { unknownReference } from './refusals.ts';

/** Provisioners register and heartbeat themselves (cloud-hsms module); here they are seen, placed, drained and removed. */
export const { list, get, nameOf } = byIdReads(repo, toWire, (row) => row.name);

export async function listAll(tx: Tx): Promise<Provisioner[]> {
  return (await repo.listAll(tx)).map(toWire);
}

export async function update(tx: Tx, id: string, changes: ProvisionerUpdate): Promise<Provisioner> {
  if (!(await repo.findById(tx, id))) throw notFound();
  if (changes.group_id !== null && !(await groups.exists(tx, changes.group_id))) throw unknownReference('group_id', 'provisioner group');
  await repo.update(tx, id, { groupId: changes.group_id, draining: changes.draining });
  return get(tx, id);
}

/** Only a provisioner hosting no HSM goes (drain it, and deprovision what it hosts, first). */
export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.lock(tx, id))) throw notFound();
  const row = (await repo.findById(tx, id))!;
  if (row.hosted > 0) throw conflict('provisioner_hosts_hsms', InfrastructureMessages.provisionerHostsHsms(row.name, row.hosted));
  await repo.remove(tx, id);
}

function toWire(row: repo.ProvisionerRow): Provisioner {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    host: row.host,
    group_id: row.groupId,
    group_name: row.groupName,
    capacity: row.capacity,
    hosted: row.hosted,
    utilisation_percent: capacityUsed(row.hosted, row.capacity),
    draining: row.draining,
    version: row.version,
    registered_at: row.registeredAt.toISOString(),
    last_heartbeat_at: row.lastHeartbeatAt.toISOString(),
    state: row.up ? 'Up' : 'Down',
  };
}

/** Hosted as a share of capacity, in percent with two decimals; a provisioner of no capacity hosting any is full. */
function capacityUsed(hosted: number, capacity: number): number {
  if (capacity <= 0) return hosted > 0 ? 100 : 0;
  return Math.round((hosted * 10_000) / capacity) / 100;
}
