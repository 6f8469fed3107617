import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** One row per state-changing request, successful or refused. account_id is null for anonymous refusals. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    target: text('target'),
    outcome: text('outcome', { enum: ['success', 'refused', 'failure'] }).notNull(),
    reason: text('reason'),
    clientAddress: text('client_address').notNull(),
    requestId: text('request_id').notNull(),
  },
  (t) => [index('audit_events_account_time').on(t.accountId, t.occurredAt)],
);
