import { z } from 'zod';
import { pageOf } from './paging.ts';

export { portRangesQuery } from './port-ranges-queries.ts';

const port = z.number().int().min(1, 'Ports run from 1 to 65535').max(65535, 'Ports run from 1 to 65535');

export const portRange = z.object({
  id: z.string(),
  start_port: z.number().int(),
  end_port: z.number().int(),
  description: z.string(),
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  created_at: z.string(),
});
export type PortRange = z.infer<typeof portRange>;

export const portRangeFields = z
  .object({
    start_port: port,
    end_port: port,
    description: z.string().trim().max(200).default(''),
    /** The account the range is assigned to; null or absent: free. */
    account_id: z.string().uuid().nullable().default(null),
  })
  .refine((r) => r.end_port >= r.start_port, { path: ['end_port'], message: 'The end port must not be below the start port' });

export const portRangeUpdate = z.object({
  id: z.string().uuid(),
  description: z.string().trim().max(200).optional(),
  account_id: z.string().uuid().nullable().optional(),
});

export const portRangesPage = pageOf(portRange);
export const portRangesCreateBody = z.object({ port_ranges: z.array(portRangeFields).min(1).max(50) });
export const portRangesUpdateBody = z.object({ port_ranges: z.array(portRangeUpdate).min(1).max(50) });
export const portRangesDeleteBody = z.object({ port_ranges: z.array(z.string().uuid()).min(1).max(50) });
export const portRangesResponse = z.object({ port_ranges: z.array(portRange) });
