import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * An account's OpenID Connect identity providers. The client secret is stored sealed (platform/secret-box,
 * AES-256-GCM); a user signs in when the id token's `claim` equals their `user_field` (email or username)
 * within this account.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed'),
    scopes: text('scopes').notNull(),
    claim: text('claim').notNull(),
    userField: text('user_field').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_providers_account').on(t.accountId),
    check('identity_providers_user_field', sql`${t.userField} in ('email', 'username')`),
  ],
);

/**
 * Sign-ins in flight: what the authorization request promised (state, nonce, PKCE verifier), kept server-side
 * until the provider sends the browser back. Each row is used once (deleted when read) and expires.
 */
export const openidLoginStates = pgTable('openid_login_states', {
  state: text('state').primaryKey(),
  providerId: uuid('provider_id').notNull().references(() => identityProviders.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  continueUri: text('continue_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
