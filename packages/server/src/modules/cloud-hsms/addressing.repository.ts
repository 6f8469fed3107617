import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { cloudHsmPorts } from '../../db/schema/cloud-hsms.ts';
import { ipamAllocations, ipamPools } from '../../db/schema/infrastructure.ts';
import { portRanges } from '../../db/schema/port-ranges.ts';

/** The zone's pools, locked: allocations in one zone happen one after another. */
export function lockZonePools(tx: Tx, zoneId: string) {
  return tx.select({ id: ipamPools.id }).from(ipamPools).where(eq(ipamPools.zoneId, zoneId)).orderBy(asc(ipamPools.id)).for('update');
}

/**
 * The lowest free host address of the zone's pools, IPv4 before IPv6. An IPv4 pool's network and broadcast
 * addresses are never handed out (a /31 or /32 has neither: all its addresses are hosts); an IPv6 pool's first
 * address is its subnet-router anycast address and is skipped too. The candidates are each pool's first host and
 * the address after each allocation, so the search is as long as the allocations, however large the pool.
 */
export async function lowestFreeAddress(tx: Tx, zoneId: string): Promise<{ poolId: string; address: string } | null> {
  const [row] = await rowsOf<{ pool_id: string; address: string }>(
    tx,
    sql`with pool as (
          select id,
                 host(network(cidr))::inet + (case when family(cidr) = 6 or masklen(cidr) <= 30 then 1 else 0 end) as first,
                 host(broadcast(cidr))::inet - (case when family(cidr) = 4 and masklen(cidr) <= 30 then 1 else 0 end) as last
            from ipam_pools where zone_id = ${zoneId}
        ), candidate as (
          select p.id as pool_id, p.first as address from pool p
          union all
          select p.id, host(a.address)::inet + 1 from pool p join ipam_allocations a on a.pool_id = p.id and host(a.address)::inet < p.last
        )
        select c.pool_id, host(c.address) as address
          from candidate c join pool p on p.id = c.pool_id
         where c.address >= p.first and c.address <= p.last
           and not exists (select 1 from ipam_allocations a where host(a.address)::inet = c.address)
         order by family(c.address), c.address
         limit 1`,
  );
  return row ? { poolId: row.pool_id, address: row.address } : null;
}

export async function insertAllocation(tx: Tx, values: { address: string; poolId: string; accountId: string; cloudHsmId: string }) {
  await tx.insert(ipamAllocations).values(values);
}

export async function allocationOf(tx: Tx, cloudHsmId: string): Promise<string | null> {
  const [row] = await rowsOf<{ address: string }>(tx, sql`select host(address) as address from ipam_allocations where cloud_hsm_id = ${cloudHsmId}`);
  return row?.address ?? null;
}

export async function releaseAllocation(tx: Tx, cloudHsmId: string): Promise<void> {
  await tx.delete(ipamAllocations).where(eq(ipamAllocations.cloudHsmId, cloudHsmId));
}

/** The account's port ranges, locked: the account's ports are handed out one HSM after another. */
export function lockAccountPortRanges(tx: Tx, accountId: string) {
  return tx.select({ id: portRanges.id }).from(portRanges).where(eq(portRanges.accountId, accountId)).orderBy(asc(portRanges.id)).for('update');
}

/** The lowest `count` ports of the account's ranges that no HSM holds (fewer when the ranges run out). */
export async function lowestFreePorts(tx: Tx, accountId: string, count: number): Promise<number[]> {
  const rows = await rowsOf<{ port: number }>(
    tx,
    sql`select p.port from port_ranges r cross join lateral generate_series(r.start_port, r.end_port) as p(port)
         where r.account_id = ${accountId} and not exists (select 1 from cloud_hsm_ports c where c.port = p.port)
         order by p.port limit ${count}`,
  );
  return rows.map((row) => Number(row.port));
}

export async function insertPorts(tx: Tx, rows: { port: number; accountId: string; cloudHsmId: string; purpose: string }[]) {
  if (rows.length > 0) await tx.insert(cloudHsmPorts).values(rows);
}

export function portsOf(tx: Tx, cloudHsmId: string) {
  return tx.select({ port: cloudHsmPorts.port, purpose: cloudHsmPorts.purpose }).from(cloudHsmPorts).where(eq(cloudHsmPorts.cloudHsmId, cloudHsmId)).orderBy(asc(cloudHsmPorts.port));
}

export async function releasePorts(tx: Tx, cloudHsmId: string): Promise<void> {
  await tx.delete(cloudHsmPorts).where(eq(cloudHsmPorts.cloudHsmId, cloudHsmId));
}
