import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** IP allowlist entries (single addresses or CIDR ranges, IPv4 or IPv6), enforced when the account's enforce_ip is on. */
export const ipAllowlist = pgTable(
  'ip_allowlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** Canonical CIDR form, e.g. 203.0.113.0/24 or 2001:db8::/32; a single address is /32 or /128. */
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_allowlist_account_address').on(t.accountId, t.ipAddress)],
);
