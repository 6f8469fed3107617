import type { IpamAllocationsQuery } from '@keydeck/contract/infrastructure-queries';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { ipamAllocations, ipamPools, ipamZones } from '../../db/schema/infrastructure.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

type AllocationsQuery = IpamAllocationsQuery;

const poolColumns = {
  id: ipamPools.id,
  zoneId: ipamPools.zoneId,
  cidr: sql<string>`${ipamPools.cidr}::text`,
  family: sql<number>`family(${ipamPools.cidr})`,
  prefix: sql<number>`masklen(${ipamPools.cidr})`,
  allocated: sql<number>`(select count(*)::int from ${ipamAllocations} as a where a.pool_id = "ipam_pools"."id")`,
  createdAt: ipamPools.createdAt,
};
export type PoolRow = NonNullable<Awaited<ReturnType<typeof findPool>>>;

/** The pools of the given zones with how many addresses each has handed out, in address order. */
export function poolsOfZones(tx: Tx, zoneIds: string[]) {
  if (zoneIds.length === 0) return Promise.resolve([]);
  return tx.select(poolColumns).from(ipamPools).where(inArray(ipamPools.zoneId, zoneIds)).orderBy(asc(ipamPools.cidr));
}

export async function findPool(tx: Tx, zoneId: string, poolId: string) {
  const [row] = await tx.select(poolColumns).from(ipamPools).where(and(eq(ipamPools.id, poolId), eq(ipamPools.zoneId, zoneId)));
  return row;
}

/** Locks the pool against new allocations (they take a key-share lock on it) until the transaction ends. */
export async function lockPool(tx: Tx, poolId: string) {
  await tx.select({ id: ipamPools.id }).from(ipamPools).where(eq(ipamPools.id, poolId)).for('update');
}

/** A pool of any zone sharing an address with the CIDR. */
export async function findOverlapping(tx: Tx, cidr: string) {
  const [row] = await tx
    .select({ cidr: sql<string>`${ipamPools.cidr}::text`, zoneName: ipamZones.name })
    .from(ipamPools)
    .innerJoin(ipamZones, eq(ipamZones.id, ipamPools.zoneId))
    .where(sql`${ipamPools.cidr} && ${cidr}::cidr`)
    .limit(1);
  return row;
}

/**
 * Adds a pool in a savepoint, so a pool that a concurrent request added first (the exclusion constraint
 * ipam_pools_no_overlap, SQLSTATE 23P01) leaves the transaction usable: 'overlap' then, for the caller to name it.
 */
export async function insertPool(tx: Tx, zoneId: string, cidr: string): Promise<{ id: string } | 'overlap'> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint.insert(ipamPools).values({ zoneId, cidr }).returning({ id: ipamPools.id });
      return { id: row!.id };
    });
  } catch (error) {
    if (sqlStateOf(error) === '23P01') return 'overlap';
    throw error;
  }
}

export async function removePool(tx: Tx, poolId: string) {
  await tx.delete(ipamPools).where(eq(ipamPools.id, poolId));
}

/** The addresses a zone's pools have handed out, with whom they went to. */
export async function listAllocations(tx: Tx, zoneId: string, query: AllocationsQuery) {
  const address = sql<string>`host(${ipamAllocations.address})`;
  const where = and(eq(ipamPools.zoneId, zoneId), matchesSearch(query.search, [address, accounts.name, cloudHsms.name]));
  const window = pageWindow(
    query,
    { address: ipamAllocations.address, allocated_at: ipamAllocations.allocatedAt, account_name: accounts.name },
    ipamAllocations.address,
  );
  const [rows, [count]] = await Promise.all([
    tx
      .select({
        address,
        poolId: ipamPools.id,
        poolCidr: sql<string>`${ipamPools.cidr}::text`,
        accountId: accounts.id,
        accountName: accounts.name,
        cloudHsmId: ipamAllocations.cloudHsmId,
        cloudHsmName: cloudHsms.name,
        allocatedAt: ipamAllocations.allocatedAt,
      })
      .from(ipamAllocations)
      .innerJoin(ipamPools, eq(ipamPools.id, ipamAllocations.poolId))
      .innerJoin(accounts, eq(accounts.id, ipamAllocations.accountId))
      .leftJoin(cloudHsms, eq(cloudHsms.id, ipamAllocations.cloudHsmId))
      .where(where)
      .orderBy(...window.orderBy)
      .limit(window.limit)
      .offset(window.offset),
    tx
      .select({ total: sql<number>`count(*)::int` })
      .from(ipamAllocations)
      .innerJoin(ipamPools, eq(ipamPools.id, ipamAllocations.poolId))
      .innerJoin(accounts, eq(accounts.id, ipamAllocations.accountId))
      .leftJoin(cloudHsms, eq(cloudHsms.id, ipamAllocations.cloudHsmId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
