import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

/**
 * A service's certificate authorities (spec §3 Certificate authority: ca_name): a root, or an intermediate whose
 * certificate another CA of the service issued (parent_id). The private key lives in the keystore (key_ref: a
 * sealed blob or a token object's id, under the CA's id); the certificate is kept as issued. The CA's latest CRL
 * is kept with the number it carries; crl_pem is cleared when a revocation makes it stale.
 */
export const certificateAuthorities = pgTable(
  'certificate_authorities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => certificateAuthorities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    serial: text('serial').notNull(),
    keyAlgorithm: text('key_algorithm').notNull(),
    keystore: text('keystore').notNull(),
    keyRef: text('key_ref').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    sha256Fingerprint: text('sha256_fingerprint').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    pathLength: integer('path_length'),
    /** RFC 5280 key usage names, comma-separated. */
    keyUsage: text('key_usage').notNull(),
    crlNumber: integer('crl_number').notNull().default(0),
    crlPem: text('crl_pem'),
    crlThisUpdate: timestamp('crl_this_update', { withTimezone: true }),
    crlNextUpdate: timestamp('crl_next_update', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('certificate_authorities_service_name').on(t.serviceId, sql`lower(${t.name})`), index('certificate_authorities_parent').on(t.parentId)],
);

/**
 * Certificates a CA of the service issued from a certificate signing request; revoked_at and revocation_reason
 * once revoked (RFC 5280 reason names). Serials are random, unique in the service. They go with their CA.
 */
export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    caId: uuid('ca_id').notNull().references(() => certificateAuthorities.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    subject: text('subject').notNull(),
    /** Subject alternative names as 'DNS:x', 'IP:x', one a line. */
    sans: text('sans').notNull().default(''),
    keyAlgorithm: text('key_algorithm').notNull(),
    /** serverAuth, clientAuth, comma-separated. */
    extendedKeyUsage: text('extended_key_usage').notNull().default(''),
    certificatePem: text('certificate_pem').notNull(),
    sha256Fingerprint: text('sha256_fingerprint').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revocationReason: text('revocation_reason'),
    issuedBy: text('issued_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issued_certificates_service_serial').on(t.serviceId, t.serial),
    index('issued_certificates_ca').on(t.caId, t.notAfter),
  ],
);
