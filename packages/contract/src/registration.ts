import { z } from 'zod';
import { accountFields } from './accounts.ts';
import { MARKETPLACE_PROVIDERS, type MarketplaceProvider } from './marketplaces-queries.ts';
import { newPassword, passwordToken } from './passwords.ts';
import { userFields } from './users.ts';

export { MARKETPLACE_PROVIDERS, type MarketplaceProvider } from './marketplaces-queries.ts';

export const MarketplaceName: Record<MarketplaceProvider, string> = { azure: 'Azure', google: 'Google Cloud' };

/** An opaque entitlement reference from the marketplace, recorded on the account for billing. */
export const marketplaceToken = z.string().trim().min(1, 'The marketplace token is missing').max(4096);

/** Hours a confirmation link works. */
export const REGISTRATION_LINK_HOURS = 24;

/** POST registration: a company account and its first administrator, created once the email is confirmed. */
export const registrationRequest = z.object({
  company_name: accountFields.shape.name,
  account_slug: accountFields.shape.account_slug,
  username: userFields.shape.username,
  email: userFields.shape.email,
  password: newPassword,
  marketplace: z.object({ provider: z.enum(MARKETPLACE_PROVIDERS), token: marketplaceToken }).optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;
/** The same answer whatever the email address: it never tells whether the address is known elsewhere. */
export const registrationRequested = z.object({ message: z.string() });

export const registrationConfirmRequest = z.object({ token: passwordToken });
export const registrationConfirmed = z.object({
  account: z.object({ name: z.string(), account_slug: z.string(), account_code: z.string() }),
  username: z.string(),
});

/** What a platform administrator sees of an account's marketplace sign-up: never the whole token. */
export const accountMarketplace = z.object({
  marketplace: z
    .object({ provider: z.enum(MARKETPLACE_PROVIDERS), token_last4: z.string(), recorded_at: z.string() })
    .nullable(),
});
export type AccountMarketplace = z.infer<typeof accountMarketplace>;
