import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

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

/**
 * The marketplace entitlement an account signed up with: the provider, the token it sent, and the platform's
 * decision. It starts pending; a platform administrator approves it on a plan (and links the account's services it
 * pays for) or rejects it with a reason.
 */
export const accountMarketplaces = pgTable('account_marketplaces', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  token: text('token').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  state: text('state', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  plan: text('plan'),
  reason: text('reason'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** The account's services an approved entitlement pays for. */
export const marketplaceEntitlementServices = pgTable(
  'marketplace_entitlement_services',
  {
    accountId: uuid('account_id').notNull().references(() => accountMarketplaces.accountId, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.serviceId] })],
);
