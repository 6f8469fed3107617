import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { symmetricKeys } from './payment-keys.ts';
import { services } from './services.ts';
import { users } from './users.ts';

/** The users a service designates as key custodians: a designation of its own, distinct from permissions. */
export const keyCustodians = pgTable(
  'key_custodians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    designatedBy: text('designated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('key_custodians_service_user').on(t.serviceId, t.userId)],
);

/** A service's ceremony policy; a service without a row has the defaults (both off). */
export const keyCeremonyPolicies = pgTable('key_ceremony_policies', {
  serviceId: uuid('service_id').primaryKey().references(() => services.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  openerMayBeCustodian: boolean('opener_may_be_custodian').notNull().default(false),
  singleOperatorEntry: boolean('single_operator_entry').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A key ceremony: the key it makes (its attributes), how many components, which custodians, until when. While
 * open, the components entered so far exist only as their combination in the keystore (partial_ref: a sealed blob
 * or a token object, bound to partial_id), never here; it goes when the ceremony ends.
 */
export const keyCeremonies = pgTable(
  'key_ceremonies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    groupName: text('group_name').notNull(),
    algorithm: text('algorithm').notNull(),
    usage: text('usage').notNull(),
    modeOfUse: text('mode_of_use').notNull(),
    exportability: text('exportability').notNull(),
    version: text('version').notNull(),
    componentsRequired: integer('components_required').notNull(),
    /** The named custodians (users.id), one per component; empty: any distinct designated custodians. */
    custodianIds: uuid('custodian_ids').array().notNull().default(sql`'{}'`),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedByName: text('opened_by_name').notNull(),
    state: text('state').notNull().default('open'),
    partialId: uuid('partial_id'),
    partialRef: text('partial_ref'),
    keyId: uuid('key_id').references(() => symmetricKeys.id, { onDelete: 'set null' }),
    kcv: text('kcv'),
    endedReason: text('ended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('key_ceremonies_service').on(t.serviceId, t.createdAt),
    index('key_ceremonies_open').on(t.expiresAt).where(sql`state = 'open'`),
    check('key_ceremonies_state', sql`${t.state} in ('open', 'completed', 'cancelled', 'expired')`),
    check('key_ceremonies_components', sql`${t.componentsRequired} in (2, 3)`),
    check('key_ceremonies_partial_while_open', sql`${t.state} = 'open' or ${t.partialRef} is null`),
  ],
);

/** Who entered which component of a ceremony, when, with its KCV (never its value). Written once, never changed. */
export const keyCeremonyComponents = pgTable(
  'key_ceremony_components',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    ceremonyId: uuid('ceremony_id').notNull().references(() => keyCeremonies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    kcv: text('kcv').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('key_ceremony_components_position').on(t.ceremonyId, t.position),
    uniqueIndex('key_ceremony_components_custodian').on(t.ceremonyId, t.userId),
  ],
);
