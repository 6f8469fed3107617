import { z } from 'zod';
import { SERVICE_TYPES } from './services.ts';
import { isoDate } from './dates.ts';
import { pageOf } from './paging.ts';

export { licensesQuery, type LicensesQuery } from './licenses-queries.ts';

/**
 * Products a license is usually for: the service types of spec §3. A license may name another product;
 * these only feed the form's suggestions.
 */
/** Licensed products are service types; a product outside the list is allowed (older contracts). */
export const LICENSE_PRODUCT_SUGGESTIONS = Object.keys(SERVICE_TYPES).filter((type) => !type.includes('{'));

export const LICENSE_STATUSES = ['active', 'expired', 'not_yet_valid'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export const LICENSE_STATUS_LABELS: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
};

/**
 * Where a license stands on `today` (YYYY-MM-DD, UTC): both validity dates count as valid days.
 * ISO dates compare correctly as strings.
 */
export function licenseStatus(validFrom: string, validUntil: string, today: string): LicenseStatus {
  if (today < validFrom) return 'not_yet_valid';
  if (today > validUntil) return 'expired';
  return 'active';
}

export const license = z.object({
  id: z.string(),
  account_id: z.string(),
  product: z.string(),
  quantity: z.number().int(),
  valid_from: z.string(),
  valid_until: z.string(),
  /** A readable identifier (KD-XXXX-XXXX), not a secret. */
  license_key: z.string(),
  notes: z.string(),
  status: z.enum(LICENSE_STATUSES),
  created_at: z.string(),
});
export type License = z.infer<typeof license>;

const licenseFieldsShape = {
  product: z.string().trim().min(1, 'Enter the product').max(100),
  quantity: z.number().int('The quantity is a whole number').min(1, 'The quantity is at least 1').max(1_000_000),
  valid_from: isoDate(),
  valid_until: isoDate(),
  notes: z.string().trim().max(500).default(''),
};
const validRange = <T extends { valid_from: string; valid_until: string }>(l: T) => l.valid_until >= l.valid_from;
const validRangeIssue = { path: ['valid_until'], message: 'The end date must not be before the start date' };

export const licenseFields = z.object(licenseFieldsShape).refine(validRange, validRangeIssue);
export type LicenseFields = z.infer<typeof licenseFields>;
/** An edit replaces every field of the license; its key and account stay. */
export const licenseUpdate = z.object({ id: z.string().uuid(), ...licenseFieldsShape }).refine(validRange, validRangeIssue);
export type LicenseUpdate = z.infer<typeof licenseUpdate>;

export const licensesParams = z.object({ account_id: z.string().uuid() });
export const licensesPage = pageOf(license);
export const licensesCreateBody = z.object({ licenses: z.array(licenseFields).min(1).max(50) });
export const licensesUpdateBody = z.object({ licenses: z.array(licenseUpdate).min(1).max(50) });
export const licensesDeleteBody = z.object({ licenses: z.array(z.string().uuid()).min(1).max(50) });
/** The deleted licenses' ids, and their keys. */
export const licensesDeleted = licensesDeleteBody.extend({ license_keys: z.array(z.string()) });
export const licensesResponse = z.object({ licenses: z.array(license) });
