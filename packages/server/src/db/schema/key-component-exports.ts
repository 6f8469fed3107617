import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { symmetricKeys } from './payment-keys.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/** A key exported as two or three components to named custodians (the reverse of a key ceremony). */
export const keyComponentExports = pgTable(
  'key_component_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id').references(() => symmetricKeys.id, { onDelete: 'set null' }),
    keyName: text('key_name').notNull(),
    algorithm: text('algorithm').notNull(),
    /** The exported key's KCV, which the components' XOR has. */
    kcv: text('kcv').notNull(),
    /** The custodians (users.id), one per component in order. */
    custodianIds: uuid('custodian_ids').array().notNull(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    state: text('state').notNull().default('open'),
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('key_component_exports_service').on(t.serviceId, t.createdAt),
    index('key_component_exports_open').on(t.expiresAt).where(sql`state = 'open'`),
    check('key_component_exports_state', sql`${t.state} in ('open', 'completed', 'cancelled', 'expired')`),
  ],
);

/**
 * One exported component: its custodian and KCV, and while it waits for them, its keystore key (component_ref: a
 * sealed blob or a token object, bound to component_id), never its value; the reference goes when it is revealed.
 */
export const keyExportedComponents = pgTable(
  'key_exported_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    exportId: uuid('export_id').notNull().references(() => keyComponentExports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    kcv: text('kcv').notNull(),
    componentId: uuid('component_id'),
    componentRef: text('component_ref'),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('key_exported_components_export_position').on(t.exportId, t.position),
    uniqueIndex('key_exported_components_custodian').on(t.exportId, t.userId),
    check('key_exported_components_position', sql`${t.position} in (1, 2, 3)`),
    check('key_exported_components_gone_when_revealed', sql`${t.revealedAt} is null or ${t.componentRef} is null`),
  ],
);
