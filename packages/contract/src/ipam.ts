import { z } from 'zod';
import { entityId as id, entityName as name } from './infrastructure.ts';
import { parsePoolCidr } from './ip-addresses.ts';
import { pageOf } from './paging.ts';

/** IPAM (spec §2 /configuration/cloud-product/ipam-zones): zones of a datacenter, their address pools, and the addresses handed out. */


export const ipamPool = z.object({
  id: z.string(),
  zone_id: z.string(),
  cidr: z.string(),
  family: z.enum(['ipv4', 'ipv6']),
  prefix_length: z.number().int(),
  /** Usable addresses, exact, as a decimal string (an IPv6 pool holds more than a JSON number can). */
  size: z.string(),
  /** size as shown: exact up to a trillion, else ≈ 2^n. */
  size_display: z.string(),
  allocated: z.number().int(),
  utilisation_percent: z.number(),
  created_at: z.string(),
});
export type IpamPool = z.infer<typeof ipamPool>;

export const ipamZone = z.object({
  id: z.string(),
  name: z.string(),
  datacenter_id: z.string(),
  datacenter_name: z.string(),
  datacenter_location: z.string(),
  pools: z.array(ipamPool),
  size: z.string(),
  size_display: z.string(),
  allocated: z.number().int(),
  utilisation_percent: z.number(),
  created_at: z.string(),
});
export type IpamZone = z.infer<typeof ipamZone>;

export const ipamZoneFields = z.object({ name, datacenter_id: id });
export type IpamZoneFields = z.infer<typeof ipamZoneFields>;

export const ipamPoolFields = z.object({
  cidr: z.string().superRefine((value, ctx) => {
    const parsed = parsePoolCidr(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  }),
});
export type IpamPoolFields = z.infer<typeof ipamPoolFields>;

export const ipamZoneParams = z.object({ zone_id: id });
export const ipamPoolParams = z.object({ zone_id: id, pool_id: id });
export const ipamZonesPage = pageOf(ipamZone);
export const ipamZoneResponse = z.object({ data: ipamZone });
export const ipamPoolResponse = z.object({ data: ipamPool });

export const ipamAllocation = z.object({
  address: z.string(),
  pool_id: z.string(),
  pool_cidr: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  cloud_hsm_id: z.string(),
  cloud_hsm_name: z.string().nullable(),
  allocated_at: z.string(),
});
export type IpamAllocation = z.infer<typeof ipamAllocation>;
export const ipamAllocationsPage = pageOf(ipamAllocation);
