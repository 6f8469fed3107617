import { z } from 'zod';
import { isoDate } from './dates.ts';
import { entityId as id, requiredText as text } from './infrastructure.ts';
import { LICENSE_STATUSES } from './licenses.ts';
import { pageOf } from './paging.ts';

/**
 * Product licenses (spec §2 /configuration/cloud-product/licenses): a license the platform holds for an HSM model.
 * Each cloud HSM of the model that is not Deprovisioned holds one seat of a license valid today; seats_used is this
 * license's share (HSMs oldest first fill the model's valid licenses in order of valid_from), so the shares of a
 * model add up to its HSMs as far as seats reach.
 */
export const productLicense = z.object({
  id: z.string(),
  model: z.string(),
  reference: z.string(),
  seats: z.number().int(),
  seats_used: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  status: z.enum(LICENSE_STATUSES),
  created_at: z.string(),
});
export type ProductLicense = z.infer<typeof productLicense>;

export const productLicenseFields = z
  .object({
    model: text('the model', 100),
    reference: text('the reference', 100),
    seats: z.number().int('A whole number').min(1, 'At least 1').max(1_000_000, 'At most 1,000,000'),
    valid_from: isoDate(),
    valid_until: isoDate(),
  })
  .refine((l) => l.valid_until >= l.valid_from, { path: ['valid_until'], message: 'The end date must not be before the start date' });
export type ProductLicenseFields = z.infer<typeof productLicenseFields>;

export const productLicenseParams = z.object({ license_id: id });
export const productLicensesPage = pageOf(productLicense);
export const productLicenseResponse = z.object({ data: productLicense });
