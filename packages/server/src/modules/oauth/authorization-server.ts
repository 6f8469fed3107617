import { ACCESS_TOKEN_SECONDS, DELEGABLE_PERMISSIONS } from '@keydeck/contract/credentials';
import { OAUTH_ISSUER_PATH } from '@keydeck/contract/oauth';
import Provider, { errors, interactionPolicy, type KoaContext } from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { API_AUDIENCE } from '../../platform/oauth-principal.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { createOAuthAdapter } from './oauth.adapter.ts';
import * as accountPolicy from './account-policy.repository.ts';
import * as repo from './authorization.repository.ts';
import { renderErrorPage } from './error-page.ts';
import { currentSigningKeys, type SigningKey } from './signing-keys.ts';

/** How often a process looks for a rotated signing key (another process may have made it). */
const KEY_CHECK_MS = 5 * 60_000;
const DAY_SECONDS = 86_400;

export type AuthorizationServerOptions = {
  db: Db;
  box: SecretBox;
  /** The console's public address; the issuer is it plus OAUTH_ISSUER_PATH. */
  publicUrl: string;
  cookieKey: string;
  keyRotationDays: number;
  codeTtlSeconds: number;
  behindProxy: boolean;
};

/**
 * The OAuth 2 / OpenID Connect authorization server: oidc-provider, with its state in PostgreSQL (oauth.adapter.ts)
 * and its signing keys rotated through the database, so any server process answers any step. A process rebuilds
 * its provider when the key set changes; nothing else lives in its memory.
 */
export function createAuthorizationServer(options: AuthorizationServerOptions) {
  const issuer = `${options.publicUrl}${OAUTH_ISSUER_PATH}`;
  /** The resource indicator (RFC 8707) of the console's API, the only resource tokens are issued for. */
  const apiResource = `${options.publicUrl}/rest/api`;
  let current: { provider: Provider; kids: string; checkedAt: number } | null = null;

  async function provider(): Promise<Provider> {
    if (current && Date.now() - current.checkedAt < KEY_CHECK_MS) return current.provider;
    const keys = await currentSigningKeys(options.db, options.box, options.keyRotationDays);
    const kids = keys.map((k) => k.kid).join();
    if (current?.kids === kids) current.checkedAt = Date.now();
    else current = { provider: build(keys), kids, checkedAt: Date.now() };
    return current.provider;
  }

  function build(keys: SigningKey[]): Provider {
    const policy = interactionPolicy.base();
    // The console's own session decides who the user is: a provider session left from another console user (or
    // after signing out) is not enough to hand out a code.
    policy.get('login').checks.unshift(
      new interactionPolicy.Check('console_session', 'the console is not signed in as this user', (ctx: KoaContext) =>
        ctx.oidc.session?.accountId !== ctx.req.keydeckUserId ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
    const provider = new Provider(issuer, {
      adapter: createOAuthAdapter(options.db, options.box),
      jwks: { keys: keys.map((k) => k.jwk) },
      cookies: { keys: [options.cookieKey], long: { signed: true, sameSite: 'lax' }, short: { signed: true, sameSite: 'lax' } },
      scopes: ['openid', 'offline_access', ...DELEGABLE_PERMISSIONS],
      claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
      responseTypes: ['code'],
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        revocation: { enabled: true },
        introspection: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => apiResource,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, indicator: string) => {
            if (indicator !== apiResource) throw new errors.InvalidTarget('Tokens are issued for this console\'s API only');
            return { scope: DELEGABLE_PERMISSIONS.join(' '), audience: API_AUDIENCE, accessTokenTTL: ACCESS_TOKEN_SECONDS, accessTokenFormat: 'opaque' };
          },
        },
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const user = await inScope(options.db, SYSTEM_SCOPE, (tx) => repo.activeUser(tx, sub));
        if (!user) return undefined;
        return { accountId: sub, claims: () => ({ sub, email: user.email, name: user.name, preferred_username: user.username }) };
      },
      interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/oauth/authorize?uid=${interaction.uid}` },
      // A remembered consent counts only while the user's account still lets them allow the client (another
      // account's application may be refused): otherwise the consent page asks again, and refuses.
      loadExistingGrant: async (ctx: KoaContext) => {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
        const grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
        if (!grant) return undefined;
        const mayGrant = await inScope(options.db, SYSTEM_SCOPE, (tx) => accountPolicy.userMayGrant(tx, grant.accountId, grant.clientId));
        return mayGrant ? grant : undefined;
      },
      ttl: {
        AccessToken: ACCESS_TOKEN_SECONDS,
        ClientCredentials: ACCESS_TOKEN_SECONDS,
        AuthorizationCode: options.codeTtlSeconds,
        IdToken: 3600,
        Interaction: 600,
        Session: 14 * DAY_SECONDS,
        Grant: 365 * DAY_SECONDS,
        RefreshToken: 30 * DAY_SECONDS,
      },
      rotateRefreshToken: true,
      // A browser application may call the token endpoint from the origin of one of its redirect URIs.
      clientBasedCORS: (_ctx: unknown, origin: string, client: { redirectUris?: string[] }) =>
        (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
      renderError: renderErrorPage,
    });
    provider.proxy = options.behindProxy;
    return provider;
  }

  return { issuer, apiResource, provider };
}

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;
