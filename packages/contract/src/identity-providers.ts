import { z } from 'zod';
import { pageOf } from './paging.ts';

export { identityProvidersQuery, type IdentityProvidersQuery } from './identity-providers-queries.ts';
export {
  openidLoginCompleteQuery,
  openidLoginCompleteResponse,
  openidLoginStartBody,
  openidLoginStartResponse,
  openidProviderOption,
  openidProvidersQuery,
  openidProvidersResponse,
  type OpenidLoginCompleteQuery,
} from './openid-login.ts';
import { distinctName } from './names.ts';

/** Which of a user's fields the configured id-token claim is compared with (within the provider's account). */
export const IDENTITY_PROVIDER_USER_FIELDS = ['email', 'username'] as const;
export type IdentityProviderUserField = (typeof IDENTITY_PROVIDER_USER_FIELDS)[number];
export const IDENTITY_PROVIDER_USER_FIELD_LABELS: Record<IdentityProviderUserField, string> = {
  email: 'Email address',
  username: 'Username',
};

const LOOPBACK_ISSUER = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/|$)/i;

/** An issuer is reached over HTTPS; plain HTTP only on this machine's loopback (development and tests). No query or fragment. */
export function isAcceptableIssuer(value: string): boolean {
  if (!z.url().safeParse(value).success || /[?#@]/.test(value)) return false;
  return /^https:\/\/[^/]/i.test(value) || LOOPBACK_ISSUER.test(value);
}

/**
 * What an administrator enters for an identity provider; one form serves create and edit (PUT replaces).
 * The client secret is write-only: omitted or empty on an edit keeps the stored one.
 */
export const identityProviderFields = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter a name').max(60)),
  issuer: z
    .string()
    .trim()
    .min(1, 'Enter the issuer URL')
    .max(500)
    .refine(isAcceptableIssuer, 'Enter the issuer URL (https://…)'),
  client_id: z.string().trim().min(1, 'Enter the client id').max(255),
  client_secret: z.string().max(1000).optional(),
  scopes: z
    .string()
    .trim()
    .max(500)
    .regex(/^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'Separate scopes with single spaces')
    .refine((s) => s.split(' ').includes('openid'), 'The scopes must include openid')
    .default('openid email profile'),
  claim: z.string().trim().min(1, 'Enter the claim').max(100).default('email'),
  user_field: z.enum(IDENTITY_PROVIDER_USER_FIELDS, 'Choose email or username').default('email'),
  enabled: z.boolean().default(true),
});
export type IdentityProviderFields = z.infer<typeof identityProviderFields>;

export const identityProvider = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  /** Whether a client secret is stored; the secret itself is never returned. */
  has_client_secret: z.boolean(),
  scopes: z.string(),
  claim: z.string(),
  user_field: z.enum(IDENTITY_PROVIDER_USER_FIELDS),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type IdentityProvider = z.infer<typeof identityProvider>;

export const identityProvidersParams = z.object({ account_id: z.string().uuid() });
export const identityProviderParams = z.object({ account_id: z.string().uuid(), provider_id: z.string().uuid() });
export const identityProvidersPage = pageOf(identityProvider);
export const identityProviderResponse = z.object({ identity_provider: identityProvider });
export const identityProviderDeleted = z.object({ deleted: z.string(), name: z.string() });
