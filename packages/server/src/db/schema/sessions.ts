import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './users.ts';

/** Server-side sessions. Only the SHA-256 of the session id is stored; the id itself lives in the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The factor still owed before the session is fully logged in; null when it is. */
    nextFactor: text('next_factor'),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The service the user last selected (PUT service/services); data calls without a service id act on it. */
    currentServiceId: uuid('current_service_id'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);
