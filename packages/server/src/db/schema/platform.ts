import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Consecutive sign-in failures per username; a username is locked until locked_until once the threshold is hit. */
export const loginThrottle = pgTable('login_throttle', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

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
