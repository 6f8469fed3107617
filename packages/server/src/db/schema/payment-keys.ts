import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { deviceGroups } from './devices.ts';
import { services } from './services.ts';

/**
 * A service's key groups (spec §3 Key group: name, key retrieval algorithm): how a terminal gets the group's
 * key, the key itself (static) or one derived per terminal from the group's BDK (dukpt_tdes, dukpt_aes).
 */
export const keyGroups = pgTable(
  'key_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    retrievalAlgorithm: text('retrieval_algorithm').notNull().default('static'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('key_groups_service_name').on(t.serviceId, sql`lower(${t.name})`)],
);

/**
 * Symmetric keys (spec §3: held per group). Only the keystore's reference is stored (key_ref: a sealed blob or
 * a token object's id), never the value; kcv identifies the value without revealing it. Names are unique in
 * the service so a key block's KBPK or an assignment names one key.
 */
export const symmetricKeys = pgTable(
  'symmetric_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull().references(() => keyGroups.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    algorithm: text('algorithm').notNull(),
    usage: text('usage').notNull(),
    modeOfUse: text('mode_of_use').notNull(),
    exportability: text('exportability').notNull(),
    version: text('version').notNull(),
    state: text('state').notNull().default('active'),
    kcv: text('kcv').notNull(),
    kcvMethod: text('kcv_method').notNull(),
    origin: text('origin').notNull(),
    keystore: text('keystore').notNull(),
    keyRef: text('key_ref').notNull(),
    /** The keystore's name for the current material: the key's id at first, a fresh one at each rotation. */
    materialId: uuid('material_id').notNull(),
    /** A BDK's key set identifier: the first bytes of every KSN (TDES) or initial key ID (AES) derived from it. */
    keySetId: text('key_set_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('symmetric_keys_service_name').on(t.serviceId, sql`lower(${t.name})`),
    index('symmetric_keys_service_group_name').on(t.serviceId, t.groupId, t.name),
  ],
);

/** Which key a device group loads into which key slot (spec §3 Key assignment: group, key_slot): one per slot. */
export const keyAssignments = pgTable(
  'key_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    deviceGroupId: uuid('device_group_id').notNull().references(() => deviceGroups.id, { onDelete: 'cascade' }),
    keySlot: integer('key_slot').notNull(),
    keyId: uuid('key_id').notNull().references(() => symmetricKeys.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('key_assignments_group_slot').on(t.deviceGroupId, t.keySlot), index('key_assignments_key').on(t.keyId)],
);

/** Every operation on a key, with its KCV then (never its value): the key's history. Append-only. */
export const symmetricKeyEvents = pgTable(
  'symmetric_key_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id').notNull(),
    keyName: text('key_name').notNull(),
    action: text('action').notNull(),
    kcv: text('kcv').notNull(),
    actor: text('actor').notNull(),
    detail: text('detail').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('symmetric_key_events_key').on(t.serviceId, t.keyId, t.occurredAt)],
);
