import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Company accounts (tenants). The platform operator's own account is flagged is_platform; there is exactly one. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    apiName: text('api_name').notNull().unique(),
    accountSlug: text('account_slug').notNull().unique(),
    accountCode: text('account_code').notNull().unique(),
    isPlatform: boolean('is_platform').notNull().default(false),
    /** A disabled account's users cannot sign in; its data stays until the account is offboarded. */
    disabled: boolean('disabled').notNull().default(false),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    enforceIp: boolean('enforce_ip').notNull().default(false),
    adminWhitelistAllowance: integer('admin_whitelist_allowance').notNull().default(10),
    /** Every user of the account must use multi-factor sign-in, whatever their own setting. */
    mfaEnforced: boolean('mfa_enforced').notNull().default(false),
    /** Its users may allow OAuth applications registered by other accounts (platform administrators decide). */
    otherCompanyOAuthClients: boolean('other_company_oauth_clients').notNull().default(false),
    /** When the account's data was last exported; offboarding (deletion) requires a recent export. */
    offboardingExportedAt: timestamp('offboarding_exported_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_single_platform').on(t.isPlatform).where(sql`${t.isPlatform}`)],
);
