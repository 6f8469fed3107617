import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Splenda: the platform's partner (reseller) channel. A partner is the platform's own record (platform
 * administrators only); names are unique ignoring case. A suspended partner keeps its accounts but takes no new one.
 */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** Percent of its accounts' paid revenue the partner earns, 0-50 with two decimals (numeric: exact). */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull(),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('partners_name').on(sql`lower(${t.name})`)],
);

/** An account's partner: at most one per account (the key), kept while the partner is suspended. */
export const partnerAccounts = pgTable(
  'partner_accounts',
  {
    accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').notNull().references(() => partners.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedBy: text('assigned_by').notNull(),
  },
  (t) => [index('partner_accounts_partner').on(t.partnerId)],
);
