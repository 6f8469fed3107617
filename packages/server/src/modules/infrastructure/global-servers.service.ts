import type { GlobalServer, GlobalServerFields } from '@keydeck/contract/datacenters';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { parseAddress } from '@keydeck/contract/ip-addresses';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { byIdReads } from './by-id-reads.ts';
import * as datacenters from './datacenters.service.ts';
import * as repo from './global-servers.repository.ts';
import { taken, unknownReference } from './refusals.ts';

export const { list, get, nameOf: hostnameOf } = byIdReads(repo, toWire, (row) => row.hostname);

export async function create(tx: Tx, fields: GlobalServerFields): Promise<GlobalServer> {
  return get(tx, await repo.insert(tx, await checked(tx, fields)));
}

export async function update(tx: Tx, id: string, fields: GlobalServerFields): Promise<GlobalServer> {
  if (!(await repo.findById(tx, id))) throw notFound();
  await repo.update(tx, id, await checked(tx, fields, id));
  return get(tx, id);
}

export async function remove(tx: Tx, id: string): Promise<void> {
  if (!(await repo.remove(tx, id))) throw notFound();
}

/** The row to store: the datacenter exists, the hostname is free, the address in its canonical spelling. */
async function checked(tx: Tx, fields: GlobalServerFields, exceptId?: string): Promise<repo.NewGlobalServer> {
  if (!(await datacenters.exists(tx, fields.datacenter_id))) throw unknownReference('datacenter_id', 'datacenter');
  if (await repo.hostnameTaken(tx, fields.hostname, exceptId)) throw taken('hostname', InfrastructureMessages.hostnameTaken(fields.hostname));
  return {
    datacenterId: fields.datacenter_id,
    hostname: fields.hostname,
    // The contract accepted it, so it parses.
    address: parseAddress(fields.address)!,
    role: fields.role,
    status: fields.status,
  };
}

function toWire(row: repo.GlobalServerRow): GlobalServer {
  return {
    id: row.id,
    datacenter_id: row.datacenterId,
    datacenter_name: row.datacenterName,
    hostname: row.hostname,
    address: row.address,
    role: row.role,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
