import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { auditEvents } from './audit.ts';

/**
 * A customer's syslog server, and where delivery to it stands (the cursor, the last error, the back-off).
 * lease_owner/lease_until mark the one server process delivering to it right now; an expired lease is free.
 */
export const syslogDestinations = pgTable(
  'syslog_destinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    protocol: text('protocol', { enum: ['udp', 'tcp', 'tls'] }).notNull(),
    /** RFC 5424 facility, 0-23; 13 is 'log audit'. */
    facility: integer('facility').notNull().default(13),
    enabled: boolean('enabled').notNull().default(true),
    /** TLS trust anchor (PEM); null trusts the system's CAs. */
    caCertificate: text('ca_certificate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastDeliveredEventId: bigint('last_delivered_event_id', { mode: 'number' }),
    lastDeliveredEventAt: timestamp('last_delivered_event_at', { withTimezone: true }),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('syslog_destinations_account_name').on(t.accountId, t.name),
    index('syslog_destinations_due').on(t.nextAttemptAt),
  ],
);

/**
 * The durable outbox: one row per audit event and enabled destination, written by a trigger in the audit
 * event's own transaction, deleted once the event was delivered. Its rows per destination are the lag.
 */
export const syslogOutbox = pgTable(
  'syslog_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    destinationId: uuid('destination_id').notNull().references(() => syslogDestinations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => auditEvents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('syslog_outbox_destination_event').on(t.destinationId, t.eventId)],
);
