import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * OAuth clients of an account (the authorization server is oidc-provider, modules/oauth). The id is the client_id;
 * a confidential client's secret is kept sealed under the server's encryption key (oidc-provider compares it in the
 * clear), a public client has none. Client-credentials tokens act as the owner, narrowed to the client's scopes.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['confidential', 'public'] }).notNull(),
    ownerUserId: uuid('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    redirectUris: text('redirect_uris').array().notNull(),
    grantTypes: text('grant_types').array().notNull(),
    scopes: text('scopes').array().notNull(),
    sealedSecret: text('sealed_secret'),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_clients_account_name').on(t.accountId, t.name)],
);

/**
 * oidc-provider's state (its adapter interface): sessions, interactions, grants, codes and tokens, shared by every
 * server process. Bearer values (tokens, codes, session ids) are stored under their SHA-256, never as such, and the
 * payload's own copy of the id is dropped: a database reader cannot replay them.
 */
export const oauthPayloads = pgTable(
  'oauth_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    /** The user the grant or token is for (sub), to list a user's consents. */
    accountId: text('account_id'),
    clientId: text('client_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oauth_payloads_grant').on(t.grantId),
    index('oauth_payloads_uid').on(t.uid),
    index('oauth_payloads_user').on(t.kind, t.accountId),
    index('oauth_payloads_client').on(t.clientId),
    index('oauth_payloads_expires').on(t.expiresAt),
  ],
);

/**
 * The authorization server's signing keys (RS256), newest first in use; older ones stay published at the JWKS
 * endpoint until tokens signed with them have expired. The private key is sealed under the encryption key.
 */
export const oauthSigningKeys = pgTable('oauth_signing_keys', {
  kid: text('kid').primaryKey(),
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Generation counter: the unique index makes two processes rotating at once agree on one new key. */
  generation: integer('generation').notNull().unique(),
});
