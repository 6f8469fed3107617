import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * API credentials (OAuth 2 client credentials) of an account: a name, an owner user whose permissions bound the
 * credential's, an expiry and optional source addresses. Only SHA-256 hashes of the secrets are kept; during a
 * rotation's overlap the previous secret's hash stays valid until previous_secret_expires_at.
 */
export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ownerUserId: uuid('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** CIDR ranges the credential may be used from; null: any address (the account's allowlist still applies). */
    allowedCidrs: text('allowed_cidrs').array(),
    secretHash: text('secret_hash').notNull(),
    previousSecretHash: text('previous_secret_hash'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_credentials_account').on(t.accountId)],
);
