import { z } from 'zod';
import { keysetQuery, pagingQuery } from './paging.ts';

/**
 * The issued certificates list's filters and order, apart from the area's other schemas: the web's route table
 * validates the service workspace's URL with them, so they load with the app's first chunk and must stay small.
 */
export const CA_NAME_MAX = 64;
export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The same name as a reference to something that exists: a name stored before the distinct-name rule is still found. */
export const caNameRef = z
  .string()
  .trim()
  .min(1, 'Enter a CA name')
  .max(CA_NAME_MAX, `A CA name has at most ${CA_NAME_MAX} characters`);

/** GET service/certificate: search matches the subject or a SAN (a fragment, any case) or the serial's start. */
export const certificatesQuery = pagingQuery(['subject', 'serial', 'issued_at', 'not_after'], 'subject').extend({
  ...keysetQuery,
  ca: caNameRef.optional(),
  status: z.enum(CERTIFICATE_STATUSES).optional(),
});
export type CertificatesQuery = z.output<typeof certificatesQuery>;
