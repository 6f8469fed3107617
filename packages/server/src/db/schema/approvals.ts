import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { roles, users } from './users.ts';

/** An account's policy for one operation that can need approval: M approvals from the holders of a role. */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    enabled: boolean('enabled').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    approverRoleId: uuid('approver_role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    waitHours: integer('wait_hours').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.operation] })],
);

/**
 * A call that waits for approval, bound by its digest (operation, method, path, query, body, service) to exactly
 * what was asked; carried out at most once (executed_at), by its requester, before it expires.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id'),
    serviceName: text('service_name'),
    operation: text('operation').notNull(),
    digest: text('digest').notNull(),
    call: jsonb('call').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    approverRoleId: uuid('approver_role_id').notNull(),
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_requests_account').on(t.accountId, t.createdAt),
    check('approval_requests_state', sql`${t.state} in ('pending', 'approved', 'executed', 'denied', 'cancelled')`),
  ],
);

/** One approver's decision on a request, once. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().references(() => approvalRequests.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    approverName: text('approver_name').notNull(),
    decision: text('decision').notNull(),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_decisions_once').on(t.requestId, t.approverId), check('approval_decisions_decision', sql`${t.decision} in ('approve', 'deny')`)],
);
