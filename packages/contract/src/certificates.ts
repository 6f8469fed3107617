import { z } from 'zod';
import { estimatedTotal, keysetCursors } from './paging.ts';
import { CERTIFICATE_STATUSES, caNameRef } from './certificates-queries.ts';
import { distinctName } from './names.ts';

export { CA_NAME_MAX, CERTIFICATE_STATUSES, caNameRef, certificatesQuery, type CertificatesQuery, type CertificateStatus } from './certificates-queries.ts';

/**
 * Certificate authorities of a service and the certificates they issue (spec §1, §2 Certificate Authorities and
 * Certificate Management, §3 Certificate authority: ca_name, §7 service/cert_authority). A CA's key lives in the
 * keystore; only certificates, CRLs and public facts travel.
 */
export const CA_BATCH_MAX = 100;
/** A CA lives at most 25 years; a certificate it issues at most 10, and never past the CA's own notAfter. */
export const CA_VALIDITY_DAYS_MAX = 9_125;
export const CERTIFICATE_VALIDITY_DAYS_MAX = 3_650;
/** The longest chain of intermediates a CA may allow below it. */
export const CA_PATH_LENGTH_MAX = 10;
export const CSR_PEM_MAX = 64 * 1024;
/** Issued certificates are counted up to this (a CA issues for a fleet); more says "10,000+" (total_capped). */
export const CERTIFICATE_COUNT_CAP = 10_000;

/** Key pairs the keystore generates for CAs. */
export const KEY_PAIR_ALGORITHMS = ['RSA_2048', 'RSA_3072', 'RSA_4096', 'EC_P256', 'EC_P384'] as const;
export type KeyPairAlgorithm = (typeof KEY_PAIR_ALGORITHMS)[number];
export const KEY_PAIR_ALGORITHM_LABELS: Record<KeyPairAlgorithm, string> = {
  RSA_2048: 'RSA 2048-bit',
  RSA_3072: 'RSA 3072-bit',
  RSA_4096: 'RSA 4096-bit',
  EC_P256: 'ECDSA P-256',
  EC_P384: 'ECDSA P-384',
};

/** What a CA's key may do (RFC 5280 key usage); keyCertSign and cRLSign are what makes it a CA here. */
export const CA_KEY_USAGES = ['keyCertSign', 'cRLSign', 'digitalSignature'] as const;
export type CaKeyUsage = (typeof CA_KEY_USAGES)[number];
export const CA_KEY_USAGE_LABELS: Record<CaKeyUsage, string> = {
  keyCertSign: 'Sign certificates (keyCertSign)',
  cRLSign: 'Sign CRLs (cRLSign)',
  digitalSignature: 'Digital signature (e.g. OCSP responses)',
};
export const CA_KEY_USAGES_REQUIRED: readonly CaKeyUsage[] = ['keyCertSign', 'cRLSign'];

/** Extended key usages an issued certificate may carry. */
export const EXTENDED_KEY_USAGES = ['serverAuth', 'clientAuth'] as const;
export type ExtendedKeyUsage = (typeof EXTENDED_KEY_USAGES)[number];
export const EXTENDED_KEY_USAGE_LABELS: Record<ExtendedKeyUsage, string> = {
  serverAuth: 'TLS server authentication',
  clientAuth: 'TLS client authentication',
};

/**
 * RFC 5280 §5.3.1 revocation reasons. certificateHold (a suspension to be lifted) and removeFromCRL (delta CRLs
 * only) are left out: a revocation here is final.
 */
export const REVOCATION_REASONS = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'privilegeWithdrawn',
  'aACompromise',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
export const REVOCATION_REASON_LABELS: Record<RevocationReason, string> = {
  unspecified: 'Unspecified',
  keyCompromise: 'Key compromise',
  cACompromise: 'CA compromise',
  affiliationChanged: 'Affiliation changed',
  superseded: 'Superseded',
  cessationOfOperation: 'Cessation of operation',
  privilegeWithdrawn: 'Privilege withdrawn',
  aACompromise: 'AA compromise',
};

export const CA_STATUSES = ['active', 'expired'] as const;
export type CaStatus = (typeof CA_STATUSES)[number];

export const caName = distinctName(caNameRef);

/** A serial number in hex as lists show it; colons and spaces between bytes are allowed, as openssl prints it. */
export const certificateSerial = z
  .string()
  .transform((value) => value.replace(/[\s:]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{1,40}$/, 'A serial number is up to 40 hex digits'));

/** An optional text field of a form: empty is absent. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} has at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** A CA's subject as the operator enters it; the common name is required. */
export const distinguishedName = z.object({
  common_name: z.string().trim().min(1, 'Enter a common name').max(64, 'A common name has at most 64 characters'),
  organization: optionalText(64, 'An organization'),
  organizational_unit: optionalText(64, 'An organizational unit'),
  locality: optionalText(128, 'A locality'),
  state: optionalText(128, 'A state or province'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'A country is a two-letter ISO 3166 code')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type DistinguishedName = z.output<typeof distinguishedName>;

// ---------------------------------------------------------------- certificate authorities

export const certAuthority = z.object({
  ca_name: z.string(),
  /** The CA that issued this one's certificate, by name; null for a root. */
  parent: z.string().nullable(),
  /** 0 for a root, 1 for a CA under it, and so on. The list comes parent first, siblings by name. */
  depth: z.number().int().min(0),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  key_algorithm: z.enum(KEY_PAIR_ALGORITHMS),
  keystore: z.enum(['software', 'pkcs11']),
  not_before: z.string(),
  not_after: z.string(),
  validity_days: z.number().int(),
  /** How many intermediates may follow below it; null when its certificate sets no limit. */
  path_length: z.number().int().nullable(),
  key_usage: z.array(z.enum(CA_KEY_USAGES)),
  status: z.enum(CA_STATUSES),
  certificates_issued: z.number().int().min(0),
  unexpired_certificates: z.number().int().min(0),
  child_cas: z.number().int().min(0),
  sha256_fingerprint: z.string(),
  /** The number of the CA's latest CRL; 0 before the first. */
  crl_number: z.number().int().min(0),
  created_by: z.string(),
  created_at: z.string(),
});
export type CertAuthority = z.infer<typeof certAuthority>;
export const certAuthoritiesResponse = z.object({ cas: z.array(certAuthority) });

/** POST service/cert_authority: a root (no parent) or an intermediate under another CA of the service. */
export const certAuthorityCreateBody = z.object({
  ca_name: caName,
  parent: caNameRef.nullish().transform((value) => value ?? null),
  key_algorithm: z.enum(KEY_PAIR_ALGORITHMS).default('EC_P256'),
  subject: distinguishedName,
  validity_days: z.coerce.number().int('Validity is a whole number of days').min(1, 'A CA is valid at least one day').max(CA_VALIDITY_DAYS_MAX, `A CA is valid at most ${CA_VALIDITY_DAYS_MAX} days`),
  path_length: z.coerce
    .number()
    .int('A path length is a whole number')
    .min(0, 'A path length is 0 or more')
    .max(CA_PATH_LENGTH_MAX, `A path length is at most ${CA_PATH_LENGTH_MAX}`)
    .nullish()
    .transform((value) => value ?? null),
  key_usage: z
    .array(z.enum(CA_KEY_USAGES))
    .default(['keyCertSign', 'cRLSign'])
    .refine((usages) => CA_KEY_USAGES_REQUIRED.every((u) => usages.includes(u)), 'A CA key signs certificates and CRLs: keep keyCertSign and cRLSign')
    .transform((usages) => CA_KEY_USAGES.filter((u) => usages.includes(u))),
});
export type CertAuthorityCreate = z.output<typeof certAuthorityCreateBody>;
export const certAuthorityCreateResponse = z.object({
  ca: certAuthority,
  /** True when the validity asked for went past the parent's notAfter and was cut to it. */
  validity_capped: z.boolean(),
});

/**
 * DELETE service/cert_authority (body cas). A CA under which another CA was created is refused; one that issued
 * certificates that have not expired is refused unless confirm is true (its certificates go with it).
 */
export const certAuthoritiesDeleteBody = z.object({
  cas: z.array(caNameRef).min(1).max(CA_BATCH_MAX),
  confirm: z.boolean().default(false),
});
export const certAuthorityDeleteResult = z.object({
  name: z.string(),
  success: z.boolean(),
  /** 'Successfully deleted certificate authority' or 'Unable to delete certificate authority' (spec §8). */
  message: z.string(),
  /** Why a CA was not deleted. */
  reason: z.string().nullable(),
  /** Refused only for want of confirm: true (it has unexpired certificates); asking again with confirm deletes it. */
  confirmation_required: z.boolean(),
});
export type CertAuthorityDeleteResult = z.infer<typeof certAuthorityDeleteResult>;
export const certAuthoritiesDeleteResponse = z.object({ results: z.array(certAuthorityDeleteResult) });

/** GET service/cert_authority/download: the CA's certificate (PEM), with chain=true followed by its issuers up to the root. */
export const certAuthorityDownloadQuery = z.object({
  ca: caNameRef,
  chain: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
/** GET service/cert_authority/crl: the CA's current CRL, PEM (default) or DER. */
export const certAuthorityCrlQuery = z.object({ ca: caNameRef, format: z.enum(['pem', 'der']).default('pem') });

// ---------------------------------------------------------------- issued certificates

export const issuedCertificate = z.object({
  serial: z.string(),
  subject: z.string(),
  /** Subject alternative names as 'DNS:host', 'IP:addr', 'email:x', 'URI:x'. */
  sans: z.array(z.string()),
  /** The issuing CA by name, and its subject. */
  ca: z.string(),
  issuer: z.string(),
  key_algorithm: z.string(),
  extended_key_usage: z.array(z.enum(EXTENDED_KEY_USAGES)),
  not_before: z.string(),
  not_after: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  revoked_at: z.string().nullable(),
  revocation_reason: z.enum(REVOCATION_REASONS).nullable(),
  sha256_fingerprint: z.string(),
  issued_by: z.string(),
  issued_at: z.string(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificate>;

export const certificatesResponse = z.object({
  data: z.array(issuedCertificate),
  /** Counted up to CERTIFICATE_COUNT_CAP where few certificates match (total_capped says there are more), else estimated. */
  total: z.number().int().min(0),
  total_capped: z.boolean(),
  ...estimatedTotal,
  ...keysetCursors,
});

/**
 * POST service/certificate: a certificate for the key of a PKCS#10 request (PEM), signed by a CA of the service.
 * Subject and subject alternative names come from the request; it is valid validity_days, cut at the CA's notAfter.
 */
export const certificateIssueBody = z.object({
  ca: caNameRef,
  csr: z.string().trim().min(1, 'Paste the certificate signing request (PEM)').max(CSR_PEM_MAX, 'A certificate signing request has at most 64 KiB'),
  validity_days: z.coerce
    .number()
    .int('Validity is a whole number of days')
    .min(1, 'A certificate is valid at least one day')
    .max(CERTIFICATE_VALIDITY_DAYS_MAX, `A certificate is valid at most ${CERTIFICATE_VALIDITY_DAYS_MAX} days`)
    .default(365),
  extended_key_usage: z.array(z.enum(EXTENDED_KEY_USAGES)).max(EXTENDED_KEY_USAGES.length).default(['serverAuth']),
});
export const certificateIssueResponse = z.object({
  certificate: issuedCertificate,
  /** The certificate, PEM. */
  pem: z.string(),
  validity_capped: z.boolean(),
});

/** POST service/certificate/revoke: revokes each serial on its own, with one reason. */
export const certificatesRevokeBody = z.object({
  serials: z.array(certificateSerial).min(1).max(CA_BATCH_MAX),
  reason: z.enum(REVOCATION_REASONS).default('unspecified'),
});

/** GET service/certificate/download: the certificate (PEM), with chain=true followed by its CAs up to the root. */
export const certificateDownloadQuery = z.object({
  serial: certificateSerial,
  chain: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
export const certificatesRevokeResponse = z.object({
  /** One result a serial: 'Revoked certificate <serial>' or 'Unable to revoke certificate <serial>: <why>'. */
  results: z.array(z.object({ name: z.string(), success: z.boolean(), message: z.string() })),
});
