import { z } from 'zod';
import { pageOf, pagingQuery } from './paging.ts';
import { distinctName } from './names.ts';

/**
 * External CAs of a cryptoverse service (spec §3, §5, §7, §9): CA certificates from outside the platform that
 * the service trusts. snake_case on the wire, camelCase in the client; the mapping between them is at the end.
 */

/** Spec §9 limits. */
export const EXTERNAL_CA_LIMITS = { id: 50, name: 200, createName: 30, objectType: 50 } as const;
/** The largest certificate file accepted, decoded (a CA certificate is a few KiB; chains and bundles are not). */
export const EXTERNAL_CA_MAX_FILE_BYTES = 64 * 1024;

/** What kind of CA the certificate is: self-signed (a root) or issued by another CA. */
export const EXTERNAL_CA_OBJECT_TYPES = { RootCA: 'Root CA', IntermediateCA: 'Intermediate CA' } as const;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64');

/**
 * An external CA as listed. The spec names id, name, is_archived, has_probe_pki and object_type; subject, issuer,
 * validity, serial and SHA-256 fingerprint are this console's additions, read from the certificate.
 */
export const externalCa = z.object({
  id: z.string().max(EXTERNAL_CA_LIMITS.id),
  name: z.string().max(EXTERNAL_CA_LIMITS.name),
  is_archived: z.boolean(),
  has_probe_pki: z.boolean(),
  object_type: z.string().max(EXTERNAL_CA_LIMITS.objectType),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  sha256_fingerprint: z.string(),
});
export type ExternalCaWire = z.infer<typeof externalCa>;

/** One external CA with its certificate (DER, base64): only the detail call carries it. */
export const externalCaDetail = externalCa.extend({ certificate_data: base64 });
export type ExternalCaDetailWire = z.infer<typeof externalCaDetail>;

export const externalCasQuery = pagingQuery(['name', 'not_after'], 'name').extend({
  /** false lists the unarchived ones only (spec §4's filter), true the archived ones. */
  archived: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
export const externalCasPage = pageOf(externalCa);
export const externalCaResponse = z.object({ data: externalCa });
export const externalCaDetailResponse = z.object({ data: externalCaDetail });

export const externalCasParams = z.object({ service_id: z.string().uuid() });
export const externalCaParams = externalCasParams.extend({ ca_id: z.string().max(EXTERNAL_CA_LIMITS.id) });

/** POST .../externalcas (spec §5): the name at most 30 characters, the certificate file (PEM or DER) as base64. */
export const externalCaCreateBody = z.object({
  external_ca_name: distinctName(z
    .string()
    .trim()
    .min(1, 'Enter a name')
    .max(EXTERNAL_CA_LIMITS.createName, `At most ${EXTERNAL_CA_LIMITS.createName} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'No control characters')),
  external_ca_file: base64.min(1, 'Choose a certificate file'),
});

/** PUT .../externalca/{id} (spec §5): the id again (it must match the path) and the archived state. */
export const externalCaUpdateBody = z.object({
  id: z.string().min(1).max(EXTERNAL_CA_LIMITS.id),
  is_archived: z.boolean(),
});

// ---- Client shapes (camelCase) and the one mapping to and from the wire ----

export type ExternalCa = {
  id: string;
  name: string;
  isArchived: boolean;
  hasProbePki: boolean;
  objectType: string;
  subject: string;
  issuer: string;
  serial: string;
  notBefore: string;
  notAfter: string;
  sha256Fingerprint: string;
};
export type ExternalCaDetail = ExternalCa & { certificateData: string };
export type ExternalCaCreate = { externalCaName: string; externalCaFile: string };
export type ExternalCaUpdate = { id: string; isArchived: boolean };

export function externalCaFromWire(wire: ExternalCaWire): ExternalCa {
  return {
    id: wire.id,
    name: wire.name,
    isArchived: wire.is_archived,
    hasProbePki: wire.has_probe_pki,
    objectType: wire.object_type,
    subject: wire.subject,
    issuer: wire.issuer,
    serial: wire.serial,
    notBefore: wire.not_before,
    notAfter: wire.not_after,
    sha256Fingerprint: wire.sha256_fingerprint,
  };
}

export function externalCaDetailFromWire(wire: ExternalCaDetailWire): ExternalCaDetail {
  return { ...externalCaFromWire(wire), certificateData: wire.certificate_data };
}

export function externalCaCreateToWire(create: ExternalCaCreate): z.input<typeof externalCaCreateBody> {
  return { external_ca_name: create.externalCaName, external_ca_file: create.externalCaFile };
}

export function externalCaUpdateToWire(update: ExternalCaUpdate): z.input<typeof externalCaUpdateBody> {
  return { id: update.id, is_archived: update.isArchived };
}
