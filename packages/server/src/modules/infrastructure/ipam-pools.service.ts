import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { parsePoolCidr } from '@keydeck/contract/ip-addresses';
import type { IpamAllocation, IpamPool } from '@keydeck/contract/ipam';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './ipam-pools.repository.ts';
import { poolToWire } from './ipam-usage.ts';
import * as zones from './ipam-zones.repository.ts';

/**
 * Adds a pool to a zone. Pools never overlap, in any zone: the overlap is looked for first, to name the pool in
 * the way; the exclusion constraint catches one a concurrent request added in between, named the same way.
 */
export async function addPool(tx: Tx, zoneId: string, cidrText: string): Promise<IpamPool> {
  if (!(await zones.findById(tx, zoneId))) throw notFound();
  const parsed = parsePoolCidr(cidrText);
  if (!parsed.ok) throw badRequest({ cidr: [parsed.message] });
  const { cidr } = parsed.value;
  await refuseOverlap(tx, cidr);
  const inserted = await repo.insertPool(tx, zoneId, cidr);
  if (inserted === 'overlap') {
    await refuseOverlap(tx, cidr);
    const message = InfrastructureMessages.poolOverlapConcurrent(cidr);
    throw conflict('pool_overlap', message, { cidr: [message] });
  }
  return poolToWire((await repo.findPool(tx, zoneId, inserted.id))!);
}

/** Removes a pool that has handed out no address; one with allocations stays until they are released. */
export async function removePool(tx: Tx, zoneId: string, poolId: string): Promise<void> {
  if (!(await repo.findPool(tx, zoneId, poolId))) throw notFound();
  await repo.lockPool(tx, poolId);
  const pool = (await repo.findPool(tx, zoneId, poolId))!;
  if (pool.allocated > 0) throw conflict('pool_has_allocations', InfrastructureMessages.poolHasAllocations(pool.cidr, pool.allocated));
  await repo.removePool(tx, poolId);
}

/** The pool's CIDR, for an audit event's target. */
export async function cidrOf(tx: Tx, zoneId: string, poolId: string): Promise<string | undefined> {
  return (await repo.findPool(tx, zoneId, poolId))?.cidr;
}

export async function listAllocations(tx: Tx, zoneId: string, query: Parameters<typeof repo.listAllocations>[2]) {
  if (!(await zones.findById(tx, zoneId))) throw notFound();
  const { rows, total } = await repo.listAllocations(tx, zoneId, query);
  const data: IpamAllocation[] = rows.map((row) => ({
    address: row.address,
    pool_id: row.poolId,
    pool_cidr: row.poolCidr,
    account_id: row.accountId,
    account_name: row.accountName,
    cloud_hsm_id: row.cloudHsmId,
    cloud_hsm_name: row.cloudHsmName,
    allocated_at: row.allocatedAt.toISOString(),
  }));
  return { data, total };
}

async function refuseOverlap(tx: Tx, cidr: string) {
  const other = await repo.findOverlapping(tx, cidr);
  if (other) {
    const message = InfrastructureMessages.poolOverlap(cidr, other.cidr, other.zoneName);
    throw conflict('pool_overlap', message, { cidr: [message] });
  }
}
