import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Per-account product licenses, granted by platform administrators. The license key is a readable
 * identifier (KD-XXXX-XXXX), not a secret. Status (active, expired, not yet valid) is computed from the
 * validity dates when read, never stored.
 */
export const licenses = pgTable(
  'licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    quantity: integer('quantity').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    licenseKey: text('license_key').notNull().unique(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('licenses_quantity_positive', sql`${t.quantity} >= 1`),
    check('licenses_valid_range', sql`${t.validUntil} >= ${t.validFrom}`),
  ],
);
