import { z } from 'zod';
import { keysetCursors, pageOf } from './paging.ts';
import { distinctName } from './names.ts';

export { accountsListQuery, type AccountsListQuery } from './accounts-queries.ts';

const slug = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])$/, `${what} must be 2-50 lowercase letters, digits or dashes`);

/** A company account as platform administrators see it. */
export const account = z.object({
  id: z.string(),
  name: z.string(),
  api_name: z.string(),
  account_slug: z.string(),
  account_code: z.string(),
  disabled: z.boolean(),
  enforce_ip: z.boolean(),
  /** Every user of the account must use multi-factor sign-in. */
  mfa_enforced: z.boolean(),
  admin_whitelist_allowance: z.number().int(),
  contact_name: z.string(),
  contact_email: z.string(),
  created_at: z.string(),
  user_count: z.number().int(),
  /** Users holding the built-in Account Administrator role, invited ones included: none means nobody can manage it yet. */
  administrator_count: z.number().int(),
});
export type Account = z.infer<typeof account>;

export const accountFields = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter the company name').max(200)),
  api_name: slug('API name'),
  account_slug: slug('Account slug'),
  account_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,16}$/, 'Account code must be 4-16 letters or digits'),
  contact_name: distinctName(z.string().trim().max(200)).default(''),
  contact_email: z.union([z.literal(''), z.email('Enter a valid email address')]).default(''),
  enforce_ip: z.boolean().default(false),
  mfa_enforced: z.boolean().default(false),
  admin_whitelist_allowance: z.number().int().min(0).max(1000).default(10),
});
export type AccountFields = z.infer<typeof accountFields>;

/** Only the fields sent are changed: zod keeps defaults under partial(), so they are unwrapped first. */
export const accountUpdate = accountFields
  .extend({
    contact_name: accountFields.shape.contact_name.unwrap(),
    contact_email: accountFields.shape.contact_email.unwrap(),
    enforce_ip: accountFields.shape.enforce_ip.unwrap(),
    mfa_enforced: accountFields.shape.mfa_enforced.unwrap(),
    admin_whitelist_allowance: accountFields.shape.admin_whitelist_allowance.unwrap(),
  })
  .partial()
  .extend({ id: z.string().uuid(), disabled: z.boolean().optional() });

/** spec §7: admin/accounts GET, POST, PUT, DELETE (body accounts). An exact count, and the page's keyset cursors. */
export const accountsPage = pageOf(account).extend(keysetCursors);
export const accountsCreateBody = z.object({ accounts: z.array(accountFields).min(1).max(50) });
export const accountsUpdateBody = z.object({ accounts: z.array(accountUpdate).min(1).max(50) });
export const accountsDisableBody = z.object({ accounts: z.array(z.string().uuid()).min(1).max(50) });
export const accountsResponse = z.object({ accounts: z.array(account) });
export const accountParams = z.object({ account_id: z.string().uuid() });
export const accountResponse = z.object({ account });

/** A customer administrator's change to their own account's settings. */
export const accountSettingsUpdate = z.object({
  enforce_ip: z.boolean(),
  /** Set after the user confirmed a change that leaves their own address outside the allowlist. */
  confirm: z.boolean().default(false),
});

/** spec §3 account settings, GET user/account. */
export const accountSettings = z.object({
  account_code: z.string(),
  admin_whitelist_allowance: z.number().int(),
  enforce_ip: z.boolean(),
});
