import { sql } from 'drizzle-orm';
import { boolean, check, customType, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * CA certificates from outside the platform that a cryptoverse service trusts (spec §3 External CA).
 * The certificate is kept as DER; subject, issuer, serial, validity and fingerprint are read from it at upload,
 * so lists need not parse certificates. Names are unique per service, ignoring case.
 */
export const externalCas = pgTable(
  'external_cas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    hasProbePki: boolean('has_probe_pki').notNull().default(false),
    objectType: text('object_type').notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serial: text('serial').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    sha256Fingerprint: text('sha256_fingerprint').notNull(),
    certificateDer: bytea('certificate_der').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_cas_service_name').on(t.serviceId, sql`lower(${t.name})`),
    check('external_cas_limits', sql`char_length(${t.name}) <= 200 and char_length(${t.objectType}) <= 50`),
  ],
);
