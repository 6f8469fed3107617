import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

/** A service's device groups (spec §3 Device group); names unique per service, ignoring case. */
export const deviceGroups = pgTable(
  'device_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** lower(name), stored: compared by a leakproof operator, so its index serves look-ups under row-level security (0053). */
    nameKey: text('name_key').generatedAlwaysAs(sql`lower(name)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_groups_service_name').on(t.serviceId, sql`lower(${t.name})`), index('device_groups_service_name_key').on(t.serviceId, t.nameKey)],
);

/** A service's device models (spec §3 Device model); names unique per service, ignoring case. */
export const deviceModels = pgTable(
  'device_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_models_service_name').on(t.serviceId, sql`lower(${t.name})`)],
);

/**
 * Remote devices (spec §3): a serial unique in its service, one group, at most one model. Serials sort bytewise
 * (COLLATE "C", migration 0026) so paging by serial and keyset resumption agree on every database; a trigram index
 * serves search by a serial fragment. Groups and models in use cannot be deleted out from under a device.
 */
export const devices = pgTable(
  'devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    groupId: uuid('group_id').notNull().references(() => deviceGroups.id, { onDelete: 'restrict' }),
    modelId: uuid('model_id').references(() => deviceModels.id, { onDelete: 'restrict' }),
    archived: boolean('archived').notNull().default(false),
    failed: boolean('failed').notNull().default(false),
    lastLoad: timestamp('last_load', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_service_serial').on(t.serviceId, t.serial),
    index('devices_service_group_serial').on(t.serviceId, t.groupId, t.serial),
    index('devices_service_archived_serial').on(t.serviceId, t.archived, t.serial),
    index('devices_service_created').on(t.serviceId, t.createdAt),
    index('devices_service_model').on(t.serviceId, t.modelId),
  ],
);

/**
 * Which devices each audited batch changed: one row a device, written with one statement, joined to the batch's
 * audit event by request id. The event's link covers a digest of the serials, so a row added or removed here
 * is detected. Append-only for the application role, like the audit log.
 */
export const deviceChanges = pgTable(
  'device_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    requestId: text('request_id').notNull(),
    change: text('change').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_changes_service_serial').on(t.serviceId, t.serial, t.occurredAt)],
);

/** Answers of batch calls sent with an Idempotency-Key: a retry gets the first answer, and nothing is applied twice. */
export const deviceBatchReplies = pgTable(
  'device_batch_replies',
  {
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestDigest: text('request_digest').notNull(),
    reply: text('reply').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_batch_replies_key').on(t.serviceId, t.key)],
);
