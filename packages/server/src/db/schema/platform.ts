import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Consecutive sign-in failures per username and source address, and per username from unfamiliar addresses
 * (source ''): past a free allowance each further attempt waits, twice as long each time up to a ceiling. Never
 * a lock: a wait ends by itself, and an address the user signed in from before is not held up by the others.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    username: text('username').notNull(),
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.source] })],
);

/** Addresses each user completed a sign-in from (password and, where enrolled, second factor). */
export const signInSources = pgTable(
  'sign_in_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Fixed-window request counters shared by every server process (key: limiter name and client address). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Platform-wide secrets and settings created at first start (for example the anti-forgery HMAC key). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
