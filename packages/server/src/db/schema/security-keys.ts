import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/**
 * A user's WebAuthn security keys, each a second factor of its own. The public key (COSE, base64url) only
 * verifies signatures; sign_count lets a cloned key show itself by a counter that goes backwards.
 */
export const securityKeys = pgTable(
  'security_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** base64url credential id, as the authenticator names the key. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('security_keys_credential').on(t.credentialId),
    uniqueIndex('security_keys_user_name').on(t.userId, t.name),
    index('security_keys_user').on(t.userId),
  ],
);

/**
 * Pending WebAuthn challenges: one per session and purpose, taken (deleted) by the answer whatever its
 * outcome, so each is single-use; expires_at keeps them short-lived.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sessionHash: text('session_hash').notNull(),
    /** 'register' or 'authenticate'. */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('webauthn_challenges_session_purpose').on(t.sessionHash, t.purpose)],
);

/** Failed security-key answers at sign-in, counted per user like wrong TOTP codes. */
export const securityKeyThrottle = pgTable('security_key_throttle', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
