import { z } from 'zod';
import { pageOf } from './paging.ts';

/** Resources (spec §2 /configuration/cloud-product/resources): what is allocated to whom, one row a cloud HSM. */

export const resource = z.object({
  cloud_hsm_id: z.string(),
  cloud_hsm_name: z.string(),
  /** The cloud HSM's status (PendingProvisioning, Enabled, Deprovisioning, Failed). */
  status: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  service_id: z.string(),
  service_name: z.string(),
  blueprint_name: z.string(),
  model: z.string(),
  zone_name: z.string(),
  provisioner_id: z.string().nullable(),
  provisioner_name: z.string().nullable(),
  address: z.string().nullable(),
  ports: z.array(z.object({ port: z.number().int(), purpose: z.string() })),
  license_id: z.string().nullable(),
  license_reference: z.string().nullable(),
  created_at: z.string(),
});
export type Resource = z.infer<typeof resource>;
export const resourcesPage = pageOf(resource);
