import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The sign-in methods an account permits. An account without a row allows every method (the default), so
 * existing accounts keep signing in as before.
 */
export const accountAllowedFlows = pgTable('account_allowed_flows', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  password: boolean('password').notNull().default(true),
  openid: boolean('openid').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
