import { CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';
import { OAuthMessages, oauthClientWithSecret, oauthConsentsResponse, oauthInteractionResponse } from '@keydeck/contract/oauth';
import { sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { freeTcpPort } from '../../../test/free-port.ts';

/**
 * The authorization server over real HTTP, with openid-client as the relying party: a browser-like cookie jar
 * signs in to the console, follows the authorization redirects and answers the consent page's calls.
 */
let t: TestApp;
let base: string;
let acme: SeededAccount;
let bravo: SeededAccount;
const CALLBACK = 'http://127.0.0.1:9/callback';
const SERVICES = '/rest/api/v1/service/services';
/** A route that needs users:manage. */
const managed = () => `/rest/api/v2/accounts/${acme.accountId}/credentials`;

/** A browser: one cookie jar for the console and the authorization server, the anti-forgery header echoed. */
class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: { method?: string; body?: object } = {}): Promise<Response> {
    const csrf = this.cookies.get(CSRF_COOKIE);
    const response = await fetch(new URL(url, base), {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async signIn(username: string, password = PASSWORD) {
    await this.fetch('/rest/api/v1/login');
    const response = await this.fetch('/rest/api/v1/login', { method: 'POST', body: { username, password } });
    expect(response.status).toBe(200);
    return this;
  }

  /** Follows redirects from `url` until one leaves for `until` (answered) or a page answers (its URL). */
  async follow(url: string, until: string): Promise<URL> {
    let current = new URL(url, base).href;
    for (let hop = 0; hop < 10; hop++) {
      if (current.startsWith(until)) return new URL(current);
      const response = await this.fetch(current);
      const next = response.headers.get('location');
      if (!next) return new URL(current);
      current = new URL(next, current).href;
    }
    throw new Error('Too many redirects');
  }
}

async function registerClient(admin: Browser, fields: Record<string, unknown> = {}, accountId = acme.accountId) {
  const response = await admin.fetch(`/rest/api/v2/accounts/${accountId}/oauth-clients`, {
    method: 'POST',
    body: {
      name: `partner-${Math.random().toString(36).slice(2, 8)}`,
      type: 'confidential',
      owner_user_id: acme.userIds['acme-admin'],
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      scopes: ['services:read', 'users:manage'],
      ...fields,
    },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return oauthClientWithSecret.parse(await response.json()).data;
}

async function relyingParty(clientId: string, secret: string | null) {
  return oidc.discovery(new URL(`${base}/oauth2`), clientId, undefined, secret ? oidc.ClientSecretBasic(secret) : oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}

/** The authorization code flow with PKCE up to the consent page: its uid, and how to finish. */
async function authorize(rp: oidc.Configuration, user: Browser, scope: string, redirectUri = CALLBACK) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(rp, {
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    // OpenID Connect honours offline_access only with prompt=consent (Core §11).
    ...(scope.includes('offline_access') ? { prompt: 'consent' } : {}),
  });
  const page = await user.follow(url.href, CALLBACK);
  return { page, verifier, state, uid: page.searchParams.get('uid') };
}

async function consent(user: Browser, uid: string, answer: 'allow' | 'deny' = 'allow') {
  const response = await user.fetch(`/rest/api/v2/oauth/interactions/${uid}/${answer}`, { method: 'POST', body: {} });
  expect(response.status, await response.clone().text()).toBe(200);
  const { location } = (await response.json()) as { location: string };
  return user.follow(location, CALLBACK);
}

/** Signs in, allows, and exchanges the code: the relying party's tokens. */
async function tokensFor(rp: oidc.Configuration, user: Browser, scope = 'openid offline_access services:read users:manage') {
  const { uid, verifier, state } = await authorize(rp, user, scope);
  const callback = await consent(user, uid!);
  return oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

const errorsOf = async (response: Response) => ((await response.json()) as { errors: Record<string, string[]> }).errors;
const call = (token: string, path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const port = await freeTcpPort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base });
  await t.app.listen({ port, host: '127.0.0.1' });
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  bravo = await seedAccount(t.database.db, 'bravo', [{ username: 'bravo-admin', roleNames: [ROLE.admin] }]);
  await seedService(t.database.db, acme.accountId, { name: 'Acme HSM' });
  await seedService(t.database.db, bravo.accountId, { name: 'Bravo HSM' });
});
afterAll(() => t.close());

describe('OAuth clients', () => {
  it('answers a confidential client secret once and keeps it only sealed; a public client has none', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const created = await registerClient(admin);
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.client).toMatchObject({ type: 'confidential', grant_types: ['authorization_code', 'client_credentials', 'refresh_token'], consents: 0 });
    const [row] = await queryRows<{ sealed_secret: string }>(t.database.db, sql`select sealed_secret from oauth_clients where id = ${created.client.id}`);
    expect(row!.sealed_secret).not.toContain(created.client_secret);
    const read = await admin.fetch(`/rest/api/v2/accounts/${acme.accountId}/oauth-clients/${created.client.id}`);
    expect(await read.text()).not.toContain(created.client_secret!);

    const spa = await registerClient(admin, { type: 'public', grant_types: ['authorization_code'] });
    expect(spa.client_secret).toBeNull();
  });

  it('refuses bad combinations, scopes beyond the owner, and other tenants', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const post = (body: object, accountId = acme.accountId) =>
      admin.fetch(`/rest/api/v2/accounts/${accountId}/oauth-clients`, {
        method: 'POST',
        body: { name: 'x', type: 'confidential', owner_user_id: acme.userIds['acme-admin'], redirect_uris: [CALLBACK], grant_types: ['authorization_code'], scopes: ['services:read'], ...body },
      });
    const publicCc = await post({ type: 'public', grant_types: ['client_credentials'] });
    expect(publicCc.status).toBe(400);
    expect((await errorsOf(publicCc)).grant_types).toEqual(['A public client has no secret, so it cannot use client credentials']);
    expect((await errorsOf(await post({ redirect_uris: ['http://evil.example/cb'] })))['redirect_uris.0']).toEqual([
      'Enter an https:// address, or http:// on localhost or 127.0.0.1, without a fragment',
    ]);
    const beyondOwner = await post({ owner_user_id: acme.userIds['acme-viewer'], scopes: ['users:manage'] });
    expect((await errorsOf(beyondOwner)).scopes).toEqual(['The owner does not hold these permissions: users:manage']);
    expect((await post({}, bravo.accountId)).status).toBe(404);
    const mine = await registerClient(admin);
    const bravoAdmin = await new Browser().signIn('bravo-admin');
    expect((await bravoAdmin.fetch(`/rest/api/v2/accounts/${acme.accountId}/oauth-clients/${mine.client.id}`)).status).toBe(404);
  });
});

describe('authorization code with PKCE', () => {
  it('asks the signed-in user, then the application calls the API for them with what they hold and it asked', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin, { name: 'Partner Portal' });
    const rp = await relyingParty(app.client.id, app.client_secret);
    const viewer = await new Browser().signIn('acme-viewer');
    const { page, uid, verifier, state } = await authorize(rp, viewer, 'openid offline_access services:read users:manage');
    expect(page.pathname).toBe('/oauth/authorize');

    const asked = oauthInteractionResponse.parse(await (await viewer.fetch(`/rest/api/v2/oauth/interactions/${uid}`)).json()).data;
    expect(asked).toMatchObject({ client: { name: 'Partner Portal', account_name: 'Company acme' }, redirect_origin: 'http://127.0.0.1:9', offline_access: true });
    expect(asked.scopes).toEqual([
      { name: 'services:read', description: 'View services', held: true },
      { name: 'users:manage', description: 'Invite, change and remove users', held: false },
    ]);

    const callback = await consent(viewer, uid!);
    const tokens = await oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()?.sub).toBe(acme.userIds['acme-viewer']);
    expect((await call(tokens.access_token, SERVICES)).status).toBe(200);
    // The viewer does not hold users:manage: the token does not either.
    expect((await call(tokens.access_token, managed())).status).toBe(403);

    const [event] = await queryRows<{ actor_username: string }>(t.database.db, sql`select actor_username from audit_events where action = 'oauth.consent.allow' order by id desc limit 1`);
    expect(event!.actor_username).toBe('acme-viewer');
    // Nothing replayable is stored: neither the access token nor the refresh token.
    const leaked = await queryRows(t.database.db, sql`select 1 from oauth_payloads where id in (${tokens.access_token}, ${tokens.refresh_token!}) or payload::text like ${'%' + tokens.access_token + '%'}`);
    expect(leaked).toEqual([]);
  });

  it('refreshes, and a revoked access token or consent is refused on the next call', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const tokens = await tokensFor(rp, admin);
    expect((await call(tokens.access_token, managed())).status).toBe(200);

    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    expect((await call(refreshed.access_token, SERVICES)).status).toBe(200);
    await oidc.tokenRevocation(rp, refreshed.access_token);
    expect((await call(refreshed.access_token, SERVICES)).status).toBe(401);

    const consents = oauthConsentsResponse.parse(await (await admin.fetch('/rest/api/v2/user/oauth-consents')).json()).data;
    const mine = consents.find((c) => c.client.id === app.client.id)!;
    expect(mine.scopes).toEqual(['services:read', 'users:manage', 'offline_access']);
    const other = await new Browser().signIn('acme-viewer');
    expect((await other.fetch(`/rest/api/v2/user/oauth-consents/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin.fetch(`/rest/api/v2/user/oauth-consents/${mine.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(tokens.access_token, SERVICES)).status).toBe(401);
    await expect(oidc.refreshTokenGrant(rp, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("opens a service session held by the grant, which the refreshed token keeps and client credentials do not share", async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Grant HSM', members: [{ userId: acme.userIds['acme-admin']! }] });
    const send = (token: string, method: string, path: string, body?: object) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const login = `/rest/api/v1/service/login/${serviceId}`;
    const groups = '/rest/api/v1/service/device_group';
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const tokens = await tokensFor(rp, admin, 'openid offline_access services:read');
    expect((await send(tokens.access_token, 'PUT', SERVICES, { service_id: serviceId })).status).toBe(200);
    expect((await send(tokens.access_token, 'POST', login)).status).toBe(200);
    expect((await call(tokens.access_token, groups)).status).toBe(200);

    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    expect((await call(refreshed.access_token, groups)).status).toBe(200);
    const [event] = await queryRows<{ actor_username: string }>(t.database.db, sql`select actor_username from audit_events where action = 'service.login' order by id desc limit 1`);
    expect(event!.actor_username).toBe(`oauth_client:${app.client.name} (for acme-admin)`);
    // The client's own tokens (client credentials) are not the user's grant.
    const { access_token } = await oidc.clientCredentialsGrant(rp, { scope: 'services:read' });
    expect((await send(access_token, 'PUT', SERVICES, { service_id: serviceId })).status).toBe(200);
    expect(((await (await call(access_token, groups)).json()) as { error: string }).error).toBe('service_session_required');

    expect((await send(refreshed.access_token, 'DELETE', login)).status).toBe(200);
    expect((await call(refreshed.access_token, groups)).status).toBe(403);
  });

  it('sends a denial back as access_denied', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const { uid } = await authorize(rp, admin, 'openid services:read');
    const callback = await consent(admin, uid!, 'deny');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect((await admin.fetch(`/rest/api/v2/oauth/interactions/${uid}`)).status).toBe(404);
  });

  it('audits a refused answer to an unknown or answered request', async () => {
    const admin = await new Browser().signIn('acme-admin');
    for (const answer of ['allow', 'deny'] as const) {
      const response = await admin.fetch(`/rest/api/v2/oauth/interactions/unknown-${answer}/${answer}`, { method: 'POST', body: {} });
      expect(response.status).toBe(404);
      const [event] = await queryRows<{ outcome: string; target: string; actor_username: string }>(
        t.database.db,
        sql`select outcome, target, actor_username from audit_events where action = ${`oauth.consent.${answer}`} order by id desc limit 1`,
      );
      expect(event).toEqual({ outcome: 'refused', target: `unknown-${answer}`, actor_username: 'acme-admin' });
    }
  });

  it('refuses a redirect URI that is not registered, without going there', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const { page } = await authorize(rp, admin, 'openid services:read', `${CALLBACK}/other`);
    const response = await admin.fetch(page.href);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri did not match any of the client&#39;s registered redirect_uris');
    // The error page may not be framed, sniffed into another type, or run anything but its own inline style.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('lets a public client on the loopback come back to any port (RFC 8252 §7.3), on its own path only', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin, { type: 'public', grant_types: ['authorization_code'], scopes: ['services:read'] });
    const rp = await relyingParty(app.client.id, null);
    const anyPort = 'http://127.0.0.1:53999/callback';
    const { uid } = await authorize(rp, admin, 'openid services:read', anyPort);
    expect(uid).toBeTruthy();
    const allowed = await admin.fetch(`/rest/api/v2/oauth/interactions/${uid}/allow`, { method: 'POST', body: {} });
    const { location } = (await allowed.json()) as { location: string };
    const back = await admin.fetch(location);
    expect(back.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:53999\/callback\?code=/);

    const { page } = await authorize(rp, admin, 'openid services:read', 'http://127.0.0.1:53999/other');
    expect((await admin.fetch(page.href)).status).toBe(400);
    // A confidential client's redirect stays exact, port and all.
    const partner = await registerClient(admin);
    const partnerRp = await relyingParty(partner.client.id, partner.client_secret);
    const refused = await authorize(partnerRp, admin, 'openid services:read', anyPort);
    expect(await (await admin.fetch(refused.page.href)).text()).toContain('redirect_uri did not match');
  });

  it('refuses an expired code, and a code used twice', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const first = await authorize(rp, admin, 'openid services:read');
    const late = await consent(admin, first.uid!);
    // The code's lifetime passes (as OAUTH_CODE_TTL_SECONDS would let it): its expiry, stored and in its payload, is behind us.
    await queryRows(
      t.database.db,
      sql`update oauth_payloads set expires_at = now() - interval '1 second', payload = jsonb_set(payload, '{exp}', to_jsonb(extract(epoch from now())::int - 1)) where kind = 'AuthorizationCode'`,
    );
    await expect(oidc.authorizationCodeGrant(rp, late, { pkceCodeVerifier: first.verifier, expectedState: first.state })).rejects.toMatchObject({ error: 'invalid_grant' });

    // The consent is remembered: the next authorization goes straight back with a code.
    const second = await authorize(rp, admin, 'openid services:read');
    expect(second.page.href.startsWith(CALLBACK)).toBe(true);
    const callback = second.page;
    await oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: second.verifier, expectedState: second.state });
    await expect(oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: second.verifier, expectedState: second.state })).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('sends a visitor without a console session to the consent page, whose calls need a session', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const stranger = new Browser();
    const { page, uid } = await authorize(rp, stranger, 'openid services:read');
    expect(page.pathname).toBe('/oauth/authorize');
    expect((await stranger.fetch(`/rest/api/v2/oauth/interactions/${uid}`)).status).toBe(401);
  });
});

describe("another company's application", () => {
  const policyOf = (accountId: string) => `/rest/api/v2/admin/accounts/${accountId}/oauth-policy`;

  it('is refused where the account does not allow it, until a platform administrator does; refusing again ends the consents', async () => {
    const acmeAdmin = await new Browser().signIn('acme-admin');
    const app = await registerClient(acmeAdmin, { name: 'Acme Partner App' });
    const rp = await relyingParty(app.client.id, app.client_secret);
    const stranger = await new Browser().signIn('bravo-admin');

    // A new account refuses other companies' applications: the page says whose it is, and Allow is refused.
    const first = await authorize(rp, stranger, 'openid services:read');
    const asked = oauthInteractionResponse.parse(await (await stranger.fetch(`/rest/api/v2/oauth/interactions/${first.uid}`)).json()).data;
    expect(asked).toMatchObject({ client: { account_name: 'Company acme' }, other_company: true, allowed: false });
    const refused = await stranger.fetch(`/rest/api/v2/oauth/interactions/${first.uid}/allow`, { method: 'POST', body: {} });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(OAuthMessages.otherCompanyRefused);
    const [refusal] = await queryRows<{ outcome: string; target: string; account_id: string }>(
      t.database.db,
      sql`select outcome, target, account_id from audit_events where action = 'oauth.consent.allow' order by id desc limit 1`,
    );
    expect(refusal).toEqual({ outcome: 'refused', target: app.client.id, account_id: bravo.accountId });

    // Only a platform administrator changes the policy, and it is audited.
    expect((await acmeAdmin.fetch(policyOf(bravo.accountId), { method: 'PUT', body: { other_company_clients: true } })).status).toBe(403);
    const platform = await new Browser().signIn(ADMIN.username, ADMIN.password);
    expect(await (await platform.fetch(policyOf(bravo.accountId))).json()).toEqual({ data: { other_company_clients: false } });
    const allowed = await platform.fetch(policyOf(bravo.accountId), { method: 'PUT', body: { other_company_clients: true } });
    expect(await allowed.json()).toEqual({ data: { other_company_clients: true } });
    expect((await platform.fetch(policyOf(bravo.accountId), { method: 'PUT', body: { other_company_clients: 'yes' } })).status).toBe(400);

    const tokens = await tokensFor(rp, stranger, 'openid services:read');
    expect((await call(tokens.access_token, SERVICES)).status).toBe(200);

    // Refused again: the consent given meanwhile ends with its tokens, and a new request meets the refusal.
    expect((await platform.fetch(policyOf(bravo.accountId), { method: 'PUT', body: { other_company_clients: false } })).status).toBe(200);
    expect((await call(tokens.access_token, SERVICES)).status).toBe(401);
    const again = await authorize(rp, stranger, 'openid services:read');
    expect(again.page.pathname).toBe('/oauth/authorize');
    expect((await stranger.fetch(`/rest/api/v2/oauth/interactions/${again.uid}/allow`, { method: 'POST', body: {} })).status).toBe(403);
    const events = await queryRows<{ target: string; reason: string | null; account_id: string; actor_username: string }>(
      t.database.db,
      sql`select target, reason, account_id, actor_username from audit_events where action = 'oauth.account_policy.update' and outcome = 'success' order by id`,
    );
    expect(events).toEqual([
      { target: 'other_company_clients=allowed', reason: null, account_id: bravo.accountId, actor_username: ADMIN.username },
      { target: 'other_company_clients=refused', reason: 'consents_revoked=1', account_id: bravo.accountId, actor_username: ADMIN.username },
    ]);
  });

  it("is marked as the user's own company's when it is", async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin);
    const rp = await relyingParty(app.client.id, app.client_secret);
    const viewer = await new Browser().signIn('acme-viewer');
    const { uid } = await authorize(rp, viewer, 'openid services:read');
    const asked = oauthInteractionResponse.parse(await (await viewer.fetch(`/rest/api/v2/oauth/interactions/${uid}`)).json()).data;
    expect(asked).toMatchObject({ other_company: false, allowed: true });
  });
});

describe('client credentials', () => {
  it('acts as the owner within the client scopes, and stops when the client is deleted', async () => {
    const admin = await new Browser().signIn('acme-admin');
    const app = await registerClient(admin, { scopes: ['services:read'] });
    const rp = await relyingParty(app.client.id, app.client_secret);
    const { access_token } = await oidc.clientCredentialsGrant(rp, { scope: 'services:read' });
    const services = await call(access_token, SERVICES);
    expect(services.status).toBe(200);
    expect(await services.text()).toContain('Acme HSM');
    expect(await (await call(access_token, SERVICES)).text()).not.toContain('Bravo HSM');
    expect((await call(access_token, managed())).status).toBe(403);
    await expect(oidc.clientCredentialsGrant(rp, { scope: 'users:manage' })).rejects.toMatchObject({ error: 'invalid_scope' });

    const wrongSecret = await relyingParty(app.client.id, 'not-the-secret');
    await expect(oidc.clientCredentialsGrant(wrongSecret, { scope: 'services:read' })).rejects.toMatchObject({ status: 401, cause: [{ parameters: { error: 'invalid_client' } }] });

    expect((await admin.fetch(`/rest/api/v2/accounts/${acme.accountId}/oauth-clients/${app.client.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(access_token, SERVICES)).status).toBe(401);
  });
});

describe('discovery', () => {
  it('publishes the public part of the signing key only', async () => {
    const jwks = (await (await fetch(`${base}/oauth2/jwks`)).json()) as { keys: { kid: string; kty: string; d?: string }[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA' });
    expect(jwks.keys[0]!.d).toBeUndefined();
    // Every answer of the authorization server carries the same protective headers as the console's pages.
    const discovery = await fetch(`${base}/oauth2/.well-known/openid-configuration`);
    expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
    expect(discovery.headers.get('x-frame-options')).toBe('DENY');
  });
});
