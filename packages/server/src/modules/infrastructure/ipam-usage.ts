import { formatAddressCount, usableAddresses, utilisationPercent } from '@keydeck/contract/ip-addresses';
import type { IpamPool } from '@keydeck/contract/ipam';
import type { PoolRow } from './ipam-pools.repository.ts';

/**
 * Sizes are counted exactly with BigInt (an IPv6 /64 holds 2^64 addresses, past a JSON number's exact range) and
 * sent as decimal strings, with a display form and a utilisation percentage beside them.
 */
export type Usage = { size: string; size_display: string; allocated: number; utilisation_percent: number };

export function usageOf(size: bigint, allocated: number): Usage {
  return { size: size.toString(), size_display: formatAddressCount(size), allocated, utilisation_percent: utilisationPercent(allocated, size) };
}

function poolSize(row: PoolRow): bigint {
  return usableAddresses(row.family === 6 ? 'ipv6' : 'ipv4', row.prefix);
}

export function poolToWire(row: PoolRow): IpamPool {
  return {
    id: row.id,
    zone_id: row.zoneId,
    cidr: row.cidr,
    family: row.family === 6 ? 'ipv6' : 'ipv4',
    prefix_length: row.prefix,
    ...usageOf(poolSize(row), row.allocated),
    created_at: row.createdAt.toISOString(),
  };
}

/** A zone's usage: the sum of its pools'. */
export function zoneUsage(pools: PoolRow[]): Usage {
  const size = pools.reduce((sum, pool) => sum + poolSize(pool), 0n);
  return usageOf(size, pools.reduce((sum, pool) => sum + pool.allocated, 0));
}
