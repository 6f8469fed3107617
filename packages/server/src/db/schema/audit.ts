import { bigint, boolean, bigserial, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_OUTCOMES } from '@keydeck/contract/audit';
import { accounts } from './accounts.ts';

/**
 * One row per state-changing request, successful or refused. account_id is null for anonymous refusals.
 * Each account's events form a chain of keyed links (seq, prev_hash, hash), so an edited or deleted row is
 * detected; the application's role may only append (migration 0022).
 */
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
    /** The target's name where `target` names it by id; in the link from link format 2 on (migration 0043). */
    targetName: text('target_name'),
    outcome: text('outcome', { enum: AUDIT_OUTCOMES }).notNull(),
    reason: text('reason'),
    clientAddress: text('client_address').notNull(),
    requestId: text('request_id').notNull(),
    /** Position in the account's chain, from 1. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** The link is an HMAC under the audit key (false only for plain SHA-256 links written before the key existed). */
    keyed: boolean('keyed').notNull(),
    /** Which fields the link covers (platform/audit-chain.ts LINK_FORMAT); 1 for events written before 0043. */
    linkFormat: smallint('link_format').notNull(),
  },
  (t) => [
    index('audit_events_account_time').on(t.accountId, t.occurredAt, t.id),
    // INCLUDE (action) in its migration (0052), which drizzle's index builder cannot say.
    index('audit_events_account_actor_time').on(t.accountId, t.actorUsername, t.occurredAt, t.id),
    index('audit_events_account_action_time').on(t.accountId, t.action, t.occurredAt, t.id),
    uniqueIndex('audit_events_chain').on(t.accountId, t.seq),
  ],
);

/** The newest link of each account's chain; updating it serialises writers of one account's chain. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chain: text('chain').primaryKey(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
