import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Self-service sign-ups waiting for their email to be confirmed: no account exists yet. Only the SHA-256
 * of the mailed token and the argon2 hash of the chosen password are kept, never the token or password.
 */
export const registrations = pgTable(
  'registrations',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyName: text('company_name').notNull(),
    accountSlug: text('account_slug').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** 'azure' or 'google' when the buyer came from a marketplace, with the token it sent. */
    marketplaceProvider: text('marketplace_provider'),
    marketplaceToken: text('marketplace_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('registrations_expires').on(t.expiresAt)],
);

/** The marketplace an account signed up through and its entitlement reference, for billing to resolve. */
export const accountMarketplaces = pgTable('account_marketplaces', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  token: text('token').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});
