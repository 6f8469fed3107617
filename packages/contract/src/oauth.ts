import { z } from 'zod';
import { DELEGABLE_PERMISSIONS } from './credentials.ts';
import { pageOf } from './paging.ts';
import { distinctName } from './names.ts';

/**
 * OAuth clients (spec §2 .../credentials/oauthclients/{oauth_client_id?}), the /oauth/authorize consent page and the
 * consents a user has given. The authorization server itself is oidc-provider, mounted at OAUTH_ISSUER_PATH.
 */
export const OAUTH_ISSUER_PATH = '/oauth2';

export const OAuthMessages = {
  nameTaken: 'An OAuth client with this name already exists',
  redirectNeeded: 'Authorization code needs at least one redirect URI',
  publicNoClientCredentials: 'A public client has no secret, so it cannot use client credentials',
  refreshNeedsCode: 'Refresh tokens come with authorization code: choose it too',
  redirectUri: 'Enter an https:// address, or http:// on localhost or 127.0.0.1, without a fragment',
  interactionGone: 'This authorization request has expired or was already answered. Start again from the application.',
  secretOnce: 'Copy the client secret now: it is shown only once and cannot be recovered.',
  otherCompanyRefused: 'Your company does not allow applications of other companies to act for its users. Ask your platform administrator.',
  otherCompanyWarning: 'This application belongs to another company, not to yours. Allow it only if you trust that company with your access.',
  otherCompanyPolicyLabel: "Users may allow other companies' applications",
  otherCompanyPolicyHelp: 'OAuth applications registered by other accounts may act for this account\'s users once they allow them. Turning this off also ends the access users already gave them.',
} as const;

export const OAUTH_CLIENT_TYPES = ['confidential', 'public'] as const;
export type OAuthClientType = (typeof OAUTH_CLIENT_TYPES)[number];
export const OAUTH_CLIENT_TYPE_LABELS: Record<OAuthClientType, string> = {
  confidential: 'Confidential (server-side, has a secret)',
  public: 'Public (browser or mobile app, PKCE only)',
};

export const OAUTH_GRANTS = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type OAuthGrant = (typeof OAUTH_GRANTS)[number];
export const OAUTH_GRANT_LABELS: Record<OAuthGrant, string> = {
  authorization_code: 'Authorization code with PKCE (a user consents)',
  refresh_token: 'Refresh token',
  client_credentials: 'Client credentials (acts as its owner)',
};

const httpsUri = z.url({ protocol: /^https$/ });
const loopbackUri = z.url({ protocol: /^http$/, hostname: /^(localhost|127\.0\.0\.1|\[::1\])$/ });

/** Exact-match redirect URIs: https anywhere, plain http only back to the user's own machine (RFC 8252 §7.3); no fragment or user info. */
export function isAllowedRedirectUri(value: string): boolean {
  return !/[#@\s]/.test(value) && (httpsUri.safeParse(value).success || isLoopbackRedirectUri(value));
}

/** A plain http redirect back to the user's own machine, where a native app listens on a port of its choosing. */
export function isLoopbackRedirectUri(value: string): boolean {
  return loopbackUri.safeParse(value).success;
}

const scopeName = z.enum(DELEGABLE_PERMISSIONS as [string, ...string[]], 'Unknown permission');

const clientFields = z.object({
  name: distinctName(z.string().trim().min(1, 'Enter a name').max(100)),
  redirect_uris: z.array(z.string().trim().max(2000).refine(isAllowedRedirectUri, OAuthMessages.redirectUri)).max(20, 'At most 20 redirect URIs'),
  grant_types: z.array(z.enum(OAUTH_GRANTS)).min(1, 'Choose at least one grant'),
  scopes: z.array(scopeName).min(1, 'Choose at least one scope').max(DELEGABLE_PERMISSIONS.length),
});

type ClientFields = z.infer<typeof clientFields>;

/** Rules across fields, each reported on the field to change. */
function checkGrants(client: ClientFields & { type?: OAuthClientType }, ctx: z.RefinementCtx): void {
  const grants = new Set(client.grant_types);
  if (grants.has('authorization_code') && client.redirect_uris.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['redirect_uris'], message: OAuthMessages.redirectNeeded });
  }
  if (grants.has('refresh_token') && !grants.has('authorization_code')) {
    ctx.addIssue({ code: 'custom', path: ['grant_types'], message: OAuthMessages.refreshNeedsCode });
  }
  if (client.type === 'public' && grants.has('client_credentials')) {
    ctx.addIssue({ code: 'custom', path: ['grant_types'], message: OAuthMessages.publicNoClientCredentials });
  }
}

/** Edit: the type and owner are fixed at creation. */
export const oauthClientUpdate = clientFields.superRefine(checkGrants);
export type OAuthClientUpdate = z.infer<typeof oauthClientUpdate>;

export const oauthClientCreate = clientFields
  .extend({ type: z.enum(OAUTH_CLIENT_TYPES), owner_user_id: z.uuid('Choose an owner') })
  .superRefine(checkGrants);
export type OAuthClientCreate = z.infer<typeof oauthClientCreate>;

export const oauthClient = z.object({
  /** The OAuth client_id. */
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  type: z.enum(OAUTH_CLIENT_TYPES),
  owner: z.object({ id: z.string(), username: z.string(), name: z.string() }),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.enum(OAUTH_GRANTS)),
  scopes: z.array(z.string()),
  /** Users who currently allow it to act for them. */
  consents: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string().nullable(),
});
export type OAuthClient = z.infer<typeof oauthClient>;

export const oauthClientResponse = z.object({ data: oauthClient });
/** client_secret is answered once, on create and rotate (null for a public client); the server keeps it sealed. */
export const oauthClientWithSecret = z.object({ data: z.object({ client: oauthClient, client_secret: z.string().nullable() }) });
export type OAuthClientWithSecret = z.infer<typeof oauthClientWithSecret>;
export const oauthClientsPage = pageOf(oauthClient);

export const oauthClientAccountParams = z.object({ account_id: z.uuid('Not a valid account id') });
export const oauthClientParams = oauthClientAccountParams.extend({ oauth_client_id: z.uuid('Not a valid OAuth client id') });

/** What /oauth/authorize shows: who asks, for what, on whose behalf. */
export const oauthInteraction = z.object({
  uid: z.string(),
  client: z.object({ id: z.string(), name: z.string(), account_name: z.string() }),
  /** Where the answer goes (scheme and host of the redirect URI), so the user can tell a look-alike. */
  redirect_origin: z.string(),
  /** Requested scopes; held=false are permissions the user lacks, which the application will not get. */
  scopes: z.array(z.object({ name: z.string(), description: z.string(), held: z.boolean() })),
  offline_access: z.boolean(),
  user: z.object({ username: z.string(), name: z.string() }),
  /** The application is registered by another account than the user's. */
  other_company: z.boolean(),
  /** The user's account lets them allow it (always true for an application of their own account). */
  allowed: z.boolean(),
});
export type OAuthInteraction = z.infer<typeof oauthInteraction>;
export const oauthInteractionResponse = z.object({ data: oauthInteraction });
export const oauthInteractionParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Not an authorization request') });
/** Where the browser goes next: back to the authorization server, which answers the application. */
export const oauthInteractionAnswer = z.object({ location: z.string() });

export const oauthConsent = z.object({
  id: z.string(),
  client: z.object({ id: z.string(), name: z.string(), account_name: z.string() }),
  scopes: z.array(z.string()),
  granted_at: z.string(),
  expires_at: z.string().nullable(),
});
export type OAuthConsent = z.infer<typeof oauthConsent>;
export const oauthConsentsResponse = z.object({ data: z.array(oauthConsent) });
export const oauthConsentParams = z.object({ grant_id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'Not a consent') });

/** DELETE of a client or a consent answers the id it removed. */
export const oauthDeleted = z.object({ deleted: z.string() });

/**
 * Whether an account's users may allow applications registered by other accounts (platform administrators decide).
 * Accounts created from migration 0044 on start refused; accounts that existed before keep allowing them.
 */
export const oauthAccountPolicy = z.object({ other_company_clients: z.boolean() }).strict();
export type OAuthAccountPolicy = z.infer<typeof oauthAccountPolicy>;
export const oauthAccountPolicyResponse = z.object({ data: oauthAccountPolicy });
