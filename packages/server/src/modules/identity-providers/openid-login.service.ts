import type { OpenidLoginCompleteQuery } from '@keydeck/contract/identity-providers';
import { DEFAULT_LANDING, Messages } from '@keydeck/contract/messages';
import * as oidc from 'openid-client';
import type { Db, Tx } from '../../db/database.ts';
import { concerning, refusalsConcern } from '../../platform/audit.ts';
import { EgressRefused, type Egress } from '../../platform/egress-policy.ts';
import { egressFetch } from '../../platform/egress-policy-fetch.ts';
import { badRequest, securityRefusal } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { flowRefused, flowsBySlug, flowsOf } from '../allowed-flows/allowed-flows.service.ts';
import * as repo from './identity-providers.repository.ts';
import { secretContext } from './identity-providers.service.ts';

/** How long a started sign-in may take at the provider before its state is no longer accepted. */
const STATE_TTL_SECONDS = 10 * 60;
/** Discovery and token requests to a provider: a slow provider fails the sign-in rather than hanging it. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A refused OpenID sign-in: the message for the person, the reason for the audit trail. */
export const openidRefused = (reason: string, message: string = Messages.openidSignInFailed, status = 400) =>
  securityRefusal(status, reason, message);

export type PreparedSignIn = { location: URL; state: Omit<repo.LoginStateRow, 'expiresAt'> };
export type ProvenIdentity = { accountId: string; providerName: string; claim: string; userField: UserField; value: string; continueUri: string };
type UserField = 'email' | 'username';
export type Provider = repo.ProviderRow;
/** What talking to a provider needs: its secret unsealed, and every connection through the egress policy. */
export type ProviderAccess = { secretBox: SecretBox; egress: Egress };

/**
 * Looks up a provider a sign-in may use, in a short transaction of its own (no transaction waits on the network).
 * A refusal once the provider is known is recorded in its account's log.
 */
export async function usableProvider(db: Db, providerId: string): Promise<Provider> {
  const found = await inScope(db, SYSTEM_SCOPE, async (tx) => {
    const provider = await repo.findUsableProvider(tx, providerId);
    return provider && { provider, openidAllowed: (await flowsOf(tx, provider.accountId)).openid };
  });
  if (!found) throw openidRefused('provider_unavailable', Messages.openidProviderUnavailable);
  if (!found.openidAllowed) throw concerning(flowRefused('openid'), concernOf(found.provider));
  return found.provider;
}

/** Authorization code flow with PKCE (S256), state and nonce: where to send the browser, and what to remember. */
export async function prepareSignIn(access: ProviderAccess, provider: Provider, redirectUri: string, continueUri: string): Promise<PreparedSignIn> {
  const config = await discover(access, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const location = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: provider.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location, state: { state, nonce, codeVerifier, redirectUri, continueUri, providerId: provider.id, accountId: provider.accountId } };
}

/**
 * What an account's login page offers: its enabled providers (none while it does not allow OpenID sign-in) and
 * its allowed methods. An unknown slug looks like an account without providers that allows every method.
 */
export async function signInOptions(tx: Tx, accountSlug: string) {
  const allowed = await flowsBySlug(tx, accountSlug);
  const providers = accountSlug && allowed.openid ? await repo.enabledProvidersBySlug(tx, accountSlug) : [];
  return { data: providers, allowed_flows: allowed };
}

export function rememberSignIn(tx: Tx, prepared: PreparedSignIn) {
  return repo.insertLoginState(tx, { ...prepared.state, expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000) });
}

/** The account and target a refusal about the provider concerns, for its audit event. */
export const concernOf = (provider: Provider) => ({ account: provider.accountId, target: provider.name });

/**
 * Takes the sign-in's state (single use: committed at once, so a replay finds nothing even when this attempt
 * fails later), exchanges the code and validates the id token (signature, issuer, audience, nonce, expiry).
 * A refusal once the state is known is recorded in its account's log.
 */
export async function proveIdentity(db: Db, access: ProviderAccess, query: OpenidLoginCompleteQuery): Promise<ProvenIdentity> {
  if (!query.state) throw openidRefused('state_missing');
  const stored = await inScope(db, SYSTEM_SCOPE, (tx) => repo.consumeLoginState(tx, query.state!));
  if (!stored) throw openidRefused('state_unknown_or_used');
  return refusalsConcern({ account: stored.accountId }, async () => {
    const provider = await usableProvider(db, stored.providerId);
    return refusalsConcern(concernOf(provider), () => identityFrom(access, provider, stored, query));
  });
}

async function identityFrom(access: ProviderAccess, provider: Provider, stored: repo.LoginStateRow, query: OpenidLoginCompleteQuery): Promise<ProvenIdentity> {
  if (query.error) throw openidRefused(`provider_error:${query.error}`.slice(0, 200));

  const config = await discover(access, provider);
  const callback = new URL(stored.redirectUri);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) callback.searchParams.set(key, value);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: stored.codeVerifier,
      expectedState: stored.state,
      expectedNonce: stored.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    claims = idToken;
    // Conformant providers put scope claims (email, preferred_username) in the userinfo answer, not the id token.
    if (claims[provider.claim] === undefined && tokens.access_token) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    }
  } catch (error) {
    throw openidRefused(`token_rejected:${failureCode(error)}`);
  }
  const value = claims[provider.claim];
  if (typeof value !== 'string' || value === '') throw openidRefused(`claim_missing:${provider.claim}`);
  // A provider that says the address is not verified does not prove it belongs to this person.
  if (provider.claim === 'email' && claims.email_verified === false) throw openidRefused('email_not_verified');
  return {
    accountId: provider.accountId,
    providerName: provider.name,
    claim: provider.claim,
    userField: provider.userField === 'username' ? 'username' : 'email',
    value,
    continueUri: stored.continueUri,
  };
}

/** The one user of the provider's account the proven identity names; nobody is created on the fly. */
export async function matchUser(tx: Tx, identity: ProvenIdentity) {
  const matches = await repo.findUsersByField(tx, identity.accountId, identity.userField, identity.value);
  if (matches.length === 0) throw openidRefused('unknown_user', Messages.openidUnknownUser, 403);
  if (matches.length > 1) throw openidRefused('ambiguous_user', Messages.openidUnknownUser, 403);
  if (matches[0]!.disabled) throw openidRefused('user_disabled', Messages.openidUserDisabled, 403);
  return matches[0]!;
}

/** The continue target as a same-origin path; empty means the default landing page. */
export function continuePath(raw: string): string {
  if (raw === '') return DEFAULT_LANDING;
  const offSite = () => badRequest({ continue_uri: ['Enter a path on this site'] });
  // Control characters, whitespace and backslashes are refused outright: browsers fold them into "//host" tricks.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || [...raw].some(isIgnorable)) throw offSite();
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      throw offSite();
    }
    if (next.startsWith('//') || next.includes('\\')) throw offSite();
    if (next === decoded) break;
    decoded = next;
  }
  const base = 'http://keydeck.invalid';
  const url = new URL(raw, base);
  if (url.origin !== base) throw offSite();
  return `${url.pathname}${url.search}${url.hash}`;
}

function isIgnorable(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** The provider's configuration; its discovery, token, key set and userinfo requests all go through the egress policy. */
async function discover(access: ProviderAccess, provider: Provider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  const secret = provider.clientSecretSealed ? access.secretBox.open(provider.clientSecretSealed, secretContext(provider.id)) : undefined;
  const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
  try {
    return await oidc.discovery(issuer, provider.clientId, undefined, auth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      [oidc.customFetch]: egressFetch(access.egress),
      // Plain HTTP is accepted only for a provider on this machine's loopback (the contract refuses others).
      execute: LOOPBACK_HOSTS.has(issuer.hostname) && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw openidRefused(`discovery_failed:${failureCode(error)}`, Messages.openidProviderUnavailable, 502);
  }
}

/** The audit reason's detail. A refusal by the egress policy is told by the address alone, never by what listens there. */
function failureCode(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof EgressRefused) return 'egress_refused';
  const e = error as { code?: unknown; error?: unknown; name?: unknown };
  return String(e.error ?? e.code ?? e.name ?? 'unknown').slice(0, 80);
}
