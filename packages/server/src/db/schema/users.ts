import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** Sign-in name; unique across the platform, compared case-insensitively. */
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    mfaEnforced: boolean('mfa_enforced').notNull().default(false),
    /** Platform administrators hold every permission and see every account. */
    platformAdmin: boolean('platform_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower').on(sql`lower(${t.username})`)],
);

/** Named sets of permissions from the contract's catalogue, per account. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull(),
    builtIn: boolean('built_in').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_account_name').on(t.accountId, t.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
