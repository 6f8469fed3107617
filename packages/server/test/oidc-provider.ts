import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContext } from 'oidc-provider';

/** app.inject's requests come from http://localhost: the redirect URI the server derives from them, to register at the provider. */
export const INJECTED_REDIRECT_URI = 'http://localhost/login/openid/complete';

export type OidcIdentity = { sub: string; email?: string; email_verified?: boolean; preferred_username?: string; name?: string };

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 and a free port, with one confidential client
 * (client_secret_basic). Its login step signs in whoever the test named with `nextLogin` (no form), and consent
 * is granted for the client: the browser or fetch passes through the provider's real authorization endpoint,
 * interaction and redirects.
 */
export async function startOidcProvider(options: { redirectUris: string[] }) {
  const client = { client_id: `keydeck-${randomBytes(4).toString('hex')}`, client_secret: randomBytes(24).toString('base64url') };
  const identities = new Map<string, OidcIdentity>();
  let next: OidcIdentity | null = null;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [{ ...client, redirect_uris: options.redirectUris, token_endpoint_auth_method: 'client_secret_basic', grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [{ ...key, alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => identities.get(sub) ?? { sub } }),
    // The console is this provider's first-party client: no consent screen.
    loadExistingGrant: async (ctx: KoaContext) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      await provider.interactionDetails(req, res);
      if (!next) throw new Error('The test did not name who signs in next (nextLogin)');
      identities.set(next.sub, next);
      const accountId = next.sub;
      next = null;
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    client,
    /** Who the provider signs in at its next login step. */
    nextLogin(identity: OidcIdentity) {
      next = identity;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * Follows the provider's redirects like a browser (keeping its cookies) from an authorization URL until it
 * sends the browser back to `returnTo`; returns that URL (with code, state, iss).
 */
export async function followToCallback(location: string, returnTo: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = location;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(returnTo)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const next = response.headers.get('location');
    if (!next) throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('Too many redirects');
}
