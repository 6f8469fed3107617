import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { serviceLocations } from './service-locations.ts';

/**
 * CryptoHub: the hub product's tenancy of an account, set by platform administrators. An account without a row
 * has never been configured and is unrestricted; a quota left null is unlimited.
 */
export const hubTenancies = pgTable('hub_tenancies', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  homeRegion: text('home_region').notNull().references(() => serviceLocations.id),
  supportTier: text('support_tier', { enum: ['standard', 'premium', 'enterprise'] }).notNull().default('standard'),
  maxServices: integer('max_services'),
  maxCloudHsms: integer('max_cloud_hsms'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});
