import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * A customer's services (key management, cloud HSMs, clusters...). Life cycle:
 * PendingApproval -> (approved) PendingProvisioning -> (provisioning job) Enabled <-> Disabled.
 */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    location: text('location').notNull(),
    environment: text('environment').notNull(),
    /** Service sessions of this service are short-lived signed JWTs sent as bearer tokens (the jwt_ paths). */
    useJwt: boolean('use_jwt').notNull().default(false),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_account_name').on(t.accountId, sql`lower(${t.name})`),
    check('services_status', sql`${t.status} in ('Enabled', 'Disabled', 'PendingProvisioning', 'PendingApproval')`),
  ],
);

/**
 * A service's user groups. permissions maps a permission category (CertManage, Device, Host, Key, Log, User, Token)
 * to its level: 'View' or 'Modify'. A group without a parent sits under Root.
 */
export const serviceUserGroups = pgTable(
  'service_user_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentName: text('parent_name'),
    permissions: jsonb('permissions').$type<Record<string, 'View' | 'Modify'>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_user_groups_service_name').on(t.serviceId, sql`lower(${t.name})`)],
);

/** Console users who may open sessions on a service, each in one of its groups. */
export const serviceUsers = pgTable(
  'service_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull().references(() => serviceUserGroups.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_users_service_user').on(t.serviceId, t.userId), index('service_users_group').on(t.groupId)],
);

/**
 * A signed-in user's session on one service, tied to their console session (signing out ends it), or a script's,
 * tied to its API credential or OAuth grant (delegateKey), which outlives the delegate's short-lived tokens.
 * Idle sessions expire; JWT services carry the session id in a signed bearer token instead of relying on the cookie alone.
 */
export const serviceSessions = pgTable(
  'service_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    serviceUserId: uuid('service_user_id').notNull().references(() => serviceUsers.id, { onDelete: 'cascade' }),
    /** The console session holding it, or (delegateKey) the API credential or OAuth grant: exactly one. */
    consoleSessionHash: text('console_session_hash').references(() => sessions.idHash, { onDelete: 'cascade' }),
    delegateKey: text('delegate_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('service_sessions_console_service').on(t.consoleSessionHash, t.serviceId),
    uniqueIndex('service_sessions_delegate_service').on(t.delegateKey, t.serviceId),
    index('service_sessions_service').on(t.serviceId),
    check('service_sessions_one_holder', sql`(${t.consoleSessionHash} IS NULL) <> (${t.delegateKey} IS NULL)`),
  ],
);

/** A delegate's current service (PUT service/services), as sessions.current_service_id is a person's. */
export const delegateCurrentServices = pgTable(
  'delegate_current_services',
  {
    delegateKey: text('delegate_key').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delegate_current_services_service').on(t.serviceId)],
);
