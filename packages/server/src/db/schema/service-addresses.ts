import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';

/**
 * The source addresses a service allows (spec §1: service operators manage allowed IP addresses), on top of the
 * account's IP allowlist. Every service data call and bearer-token call is checked against them in
 * keydeck_service_session; a service without any allows every address.
 */
export const serviceAllowedAddresses = pgTable(
  'service_allowed_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    /** Canonical CIDR form, e.g. 203.0.113.0/24 or 2001:db8::/32; a single address is /32 or /128. */
    ipAddress: text('ip_address').notNull(),
    /** The operator's note of what the address is (an office, a terminal network). */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_allowed_addresses_service_address').on(t.serviceId, t.ipAddress)],
);
