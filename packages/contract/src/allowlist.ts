import { z } from 'zod';

const ipForms = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];

/** An IPv4 or IPv6 address, optionally with a CIDR prefix: 203.0.113.5, 203.0.113.0/24, 2001:db8::/32. */
export const ipRange = z
  .string()
  .trim()
  .refine((value) => ipForms.some((form) => form.safeParse(value).success), 'Enter an IPv4 or IPv6 address, optionally with a prefix length (for example 203.0.113.0/24)');

export const allowlistEntry = z.object({ id: z.string(), ip_address: z.string(), created_at: z.string() });

/** spec §3 IP addresses: current_ip, ip_addresses, account_id. */
export const allowlist = z.object({
  account_id: z.string(),
  current_ip: z.string(),
  enforce_ip: z.boolean(),
  admin_whitelist_allowance: z.number().int(),
  ip_addresses: z.array(allowlistEntry),
});
export type Allowlist = z.infer<typeof allowlist>;

export const allowlistQuery = z.object({ account_id: z.string().uuid().optional() });
export const allowlistChange = z.object({
  ip_address: ipRange,
  account_id: z.string().uuid().optional(),
  /** Set after the user confirmed a change that leaves their own address outside the list. */
  confirm: z.boolean().default(false),
});
