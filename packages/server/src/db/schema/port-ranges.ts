import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** The platform's port ranges (inclusive), each free or assigned to one account; no two ranges overlap. */
export const portRanges = pgTable(
  'port_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startPort: integer('start_port').notNull(),
    endPort: integer('end_port').notNull(),
    description: text('description').notNull().default(''),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('port_ranges_valid', sql`${t.startPort} between 1 and 65535 and ${t.endPort} between ${t.startPort} and 65535`)],
);
