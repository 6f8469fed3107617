import { z } from 'zod';
import { ipRange } from './allowlist.ts';
import { pageOf } from './paging.ts';
import { ALL_PERMISSIONS, Permission } from './permissions.ts';
import { distinctName } from './names.ts';

export { credentialsListQuery, type CredentialsListQuery } from './credentials-queries.ts';

/** Texts of the credentials screens and their refusals. */
export const CredentialMessages = {
  ownerLacks: (extra: readonly string[]) => `The owner does not hold these permissions: ${extra.join(', ')}`,
  ownerNotActive: 'The owner must be an active user of the account',
  nameTaken: 'A credential with this name already exists',
  revoked: 'The credential is revoked',
  secretOnce: 'Copy the secret now: it is shown only once and cannot be recovered.',
  noJwtServiceSession:
    'This service takes a service token in the Authorization header, where an API credential or OAuth client sends its own: a script cannot log in to it',
} as const;

/** A rotation keeps the previous secret valid for 0-7 days (default one day), for callers to switch over. */
export const ROTATION_OVERLAP_MAX_HOURS = 168;
export const ROTATION_OVERLAP_DEFAULT_HOURS = 24;

/** Life of a bearer token from POST oauth/token; each call still re-reads its credential. */
export const ACCESS_TOKEN_SECONDS = 600;

/** Credentials act through the account's permissions; managing the platform is never delegated to one. */
export const DELEGABLE_PERMISSIONS = ALL_PERMISSIONS.filter((p) => p !== Permission.platformAdmin);
const permissionName = z.enum(DELEGABLE_PERMISSIONS as [string, ...string[]], 'Unknown permission');

export const CREDENTIAL_STATES = ['active', 'expired', 'revoked'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
export const CREDENTIAL_STATE_LABELS: Record<CredentialState, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

const futureInstant = z.iso
  .datetime({ offset: true, message: 'Enter a date and time' })
  .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future');

/** What an administrator may change on a credential; one form serves create (with an owner) and edit. */
export const credentialUpdate = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter a name').max(100)),
  permissions: z.array(permissionName).min(1, 'Choose at least one permission').max(DELEGABLE_PERMISSIONS.length),
  expires_at: futureInstant,
  /** Source addresses or CIDR ranges; empty: any address the account's allowlist admits. */
  allowed_cidrs: z.array(ipRange).max(50, 'At most 50 addresses'),
});
export type CredentialUpdate = z.infer<typeof credentialUpdate>;

export const credentialCreate = credentialUpdate.extend({ owner_user_id: z.uuid('Choose an owner') });
export type CredentialCreate = z.infer<typeof credentialCreate>;

export const credentialRotate = z.object({
  overlap_hours: z.number().int().min(0, 'From 0 to 168 hours').max(ROTATION_OVERLAP_MAX_HOURS, 'From 0 to 168 hours').default(ROTATION_OVERLAP_DEFAULT_HOURS),
});
export type CredentialRotate = z.infer<typeof credentialRotate>;

export const credential = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  owner: z.object({ id: z.string(), username: z.string(), name: z.string() }),
  permissions: z.array(z.string()),
  expires_at: z.string(),
  allowed_cidrs: z.array(z.string()),
  state: z.enum(CREDENTIAL_STATES),
  /** The end of a rotation's overlap, while the previous secret still works. */
  previous_secret_expires_at: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_address: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Credential = z.infer<typeof credential>;

/** The secret, answered once on create and rotate; the server keeps only its hash. */
export const credentialWithSecret = z.object({
  data: z.object({ credential, client_id: z.string(), client_secret: z.string() }),
});
export type CredentialWithSecret = z.infer<typeof credentialWithSecret>;

export const credentialResponse = z.object({ data: credential });
export const credentialsPage = pageOf(credential);

export const credentialAccountParams = z.object({ account_id: z.uuid('Not a valid account id') });
export const credentialParams = credentialAccountParams.extend({ credential_id: z.uuid('Not a valid credential id') });

/** Users who may own a credential (active users of the account), with the permissions a credential may take from them. */
export const credentialOwner = z.object({ id: z.string(), username: z.string(), name: z.string(), permissions: z.array(z.string()) });
export type CredentialOwner = z.infer<typeof credentialOwner>;
export const credentialOwnersResponse = z.object({ data: z.array(credentialOwner) });

/**
 * RFC 6749 §4.4 token request, form-encoded or JSON; the client may authenticate with HTTP Basic instead of the
 * body. Loose on purpose: a malformed request answers in §5.2's shape, not the console's error envelope.
 */
export const tokenRequest = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** RFC 6749 §5.2's codes, and temporarily_unavailable (§4.1.2.1) for a rate limit or an outage. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope', 'temporarily_unavailable'] as const;
export const tokenError = z.object({ error: z.enum(OAUTH_ERRORS), error_description: z.string() });
export type TokenError = z.infer<typeof tokenError>;
