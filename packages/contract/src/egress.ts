import { z } from 'zod';
import { ipRange } from './allowlist.ts';

/**
 * The platform's egress policy for connections tenants configure (syslog servers): ranges closed by default,
 * and those platform administrators opened despite them.
 */
export const egressPolicy = z.object({
  allowed_ranges: z.array(z.string()),
  denied_by_default: z.array(z.string()),
});
export type EgressPolicy = z.infer<typeof egressPolicy>;

export const egressPolicyUpdate = z.object({ allowed_ranges: z.array(ipRange).max(100, 'At most 100 ranges') });
export type EgressPolicyUpdate = z.infer<typeof egressPolicyUpdate>;
