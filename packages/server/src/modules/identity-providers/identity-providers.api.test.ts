import { identityProviderResponse, identityProvidersPage, openidLoginCompleteResponse, openidLoginStartResponse } from '@keydeck/contract/identity-providers';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { INJECTED_REDIRECT_URI, followToCallback, startOidcProvider, type OidcTestProvider } from '../../../test/oidc-provider.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let idp: OidcTestProvider;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let acmeAdmin: Visitor;
let acmeReader: Visitor;
let providerId: string;
const url = (accountId: string, id?: string) => `/rest/api/v1/accounts/${accountId}/identity-providers${id ? `/${id}` : ''}`;
const fields = () => ({ name: 'Acme SSO', issuer: idp.issuer, client_id: idp.client.client_id, client_secret: idp.client.client_secret });

beforeAll(async () => {
  [t, idp] = await Promise.all([createTestApp(), startOidcProvider({ redirectUris: [INJECTED_REDIRECT_URI] })]);
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-reader', roleNames: [ROLE.readOnly] },
    { username: 'acme-gone', roleNames: [ROLE.readOnly] },
  ]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-user', roleNames: [ROLE.admin] }]);
  [platform, acmeAdmin, acmeReader] = [new Visitor(t.app), new Visitor(t.app), new Visitor(t.app)];
  await platform.signIn(ADMIN.username, ADMIN.password);
  await openLoopback(['127.0.0.1/32', '::1/128']);
  await acmeAdmin.signIn('acme-admin', PASSWORD);
  await acmeReader.signIn('acme-reader', PASSWORD);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** The test provider listens on loopback, which the egress policy closes until a platform administrator opens it. */
async function openLoopback(ranges: string[]) {
  expect((await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ranges } })).statusCode).toBe(200);
}

/** A fresh visitor goes to the provider, signs in there as `identity`, and comes back with the provider's query. */
async function signInAtProvider(identity: Parameters<OidcTestProvider['nextLogin']>[0], continueUri = '/audit-logs') {
  const visitor = new Visitor(t.app);
  await visitor.get('/rest/api/v1/login');
  const start = await visitor.post(ApiPath.openidLoginStart, { continue_uri: continueUri, openid_provider_id: providerId });
  expect(start.statusCode, start.body).toBe(200);
  const location = new URL(openidLoginStartResponse.parse(start.json()).location);
  idp.nextLogin(identity);
  const callback = await followToCallback(location.href, INJECTED_REDIRECT_URI);
  return { visitor, location, callback, complete: () => visitor.post(`${ApiPath.openidLoginComplete}${callback.search}`) };
}

describe('identity providers', () => {
  it('lets a customer with company:manage add a provider; the secret is sealed and never returned', async () => {
    const res = await acmeAdmin.post(url(acme.accountId), fields());
    expect(res.statusCode, res.body).toBe(201);
    const created = identityProviderResponse.parse(res.json()).identity_provider;
    providerId = created.id;
    expect(created).toMatchObject({ name: 'Acme SSO', has_client_secret: true, scopes: 'openid email profile', claim: 'email', user_field: 'email', enabled: true });
    expect(res.body).not.toContain(idp.client.client_secret);
    const list = await acmeReader.get(url(acme.accountId));
    expect(identityProvidersPage.parse(list.json()).total).toBe(1);
    expect(list.body).not.toContain(idp.client.client_secret);

    const [row] = await queryRows<{ client_secret_sealed: string }>(t.database.db, sql`select client_secret_sealed from identity_providers`);
    expect(row!.client_secret_sealed).toMatch(/^v1\./);
    expect(row!.client_secret_sealed).not.toContain(idp.client.client_secret);
    const [event] = await queryRows<{ account_id: string; target: string }>(
      t.database.db,
      sql`select account_id, target from audit_events where action = 'identity_providers.create'`,
    );
    expect(event).toEqual({ account_id: acme.accountId, target: `Acme SSO (${idp.issuer})` });
  });

  it('keeps the stored secret on an edit without one, and refuses bad fields and duplicate names', async () => {
    const before = await queryRows<{ client_secret_sealed: string }>(t.database.db, sql`select client_secret_sealed from identity_providers`);
    const { client_secret: _omitted, ...withoutSecret } = fields();
    const edit = await platform.call({ method: 'PUT', url: url(acme.accountId, providerId), payload: { ...withoutSecret, scopes: 'openid email' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(identityProviderResponse.parse(edit.json()).identity_provider).toMatchObject({ scopes: 'openid email', has_client_secret: true });
    const after = await queryRows<{ client_secret_sealed: string }>(t.database.db, sql`select client_secret_sealed from identity_providers`);
    expect(after).toEqual(before);

    const bad = await acmeAdmin.post(url(acme.accountId), { name: '', issuer: 'http://idp.example.com', client_id: '', scopes: 'email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['client_id', 'issuer', 'name', 'scopes']);
    const twin = await acmeAdmin.post(url(acme.accountId), { ...fields(), name: 'acme sso' });
    expect(twin.json().errors).toEqual({ name: [Messages.identityProviderNameTaken] });
  });

  it('answers 404 for other accounts and 403 for readers', async () => {
    expect((await acmeAdmin.get(url(globex.accountId))).statusCode).toBe(404);
    expect((await acmeAdmin.post(url(globex.accountId), fields())).statusCode).toBe(404);
    expect((await acmeAdmin.call({ method: 'DELETE', url: url(globex.accountId, providerId) })).statusCode).toBe(404);
    expect((await platform.call({ method: 'DELETE', url: url(globex.accountId, providerId) })).statusCode).toBe(404);
    expect((await acmeReader.post(url(acme.accountId), { ...fields(), name: 'Other' })).statusCode).toBe(403);
    expect((await platform.get(url('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });

  it("lists an account's enabled providers by slug, and nothing for an unknown slug", async () => {
    const visitor = new Visitor(t.app);
    expect((await visitor.get(`${ApiPath.openidProviders}?account_slug=acme`)).json()).toEqual({ data: [{ id: providerId, name: 'Acme SSO' }], allowed_flows: { password: true, openid: true } });
    expect((await visitor.get(`${ApiPath.openidProviders}?account_slug=globex`)).json()).toEqual({ data: [], allowed_flows: { password: true, openid: true } });
    expect((await visitor.get(`${ApiPath.openidProviders}?account_slug=nobody`)).json()).toEqual({ data: [], allowed_flows: { password: true, openid: true } });
  });
});

describe('sign-in with OpenID Connect', () => {
  it('signs the matching user in after the code flow with PKCE, state and nonce', async () => {
    const { visitor, location, complete } = await signInAtProvider({ sub: 'u-1', email: 'ACME-ADMIN@example.test', email_verified: true });
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(INJECTED_REDIRECT_URI);
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const res = await complete();
    expect(res.statusCode, res.body).toBe(200);
    const body = openidLoginCompleteResponse.parse(res.json());
    expect(body.continue_uri).toBe('/audit-logs');
    expect(body.auth_info.company.account_slug).toBe('acme');
    expect(body.auth_info.fully_logged_in).toBe(true);
    const session = await visitor.get('/rest/api/v1/login');
    expect(session.statusCode).toBe(200);
    expect(session.json().auth_info.user.email).toBe('acme-admin@example.test');
    const [event] = await queryRows<{ account_id: string; outcome: string; actor_username: string }>(
      t.database.db,
      sql`select account_id, outcome, actor_username from audit_events where action = 'auth.openid.login'`,
    );
    expect(event).toEqual({ account_id: acme.accountId, outcome: 'success', actor_username: 'acme-admin' });
  });

  it('refuses a second use of the same state', async () => {
    const { complete } = await signInAtProvider({ sub: 'u-2', email: 'acme-reader@example.test' });
    expect((await complete()).statusCode).toBe(200);
    const replay = await complete();
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(Messages.openidSignInFailed);
  });

  it('refuses unknown users (nobody is created), users of another account and disabled users', async () => {
    const unknown = await (await signInAtProvider({ sub: 'u-3', email: 'stranger@example.test' })).complete();
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(Messages.openidUnknownUser);
    const otherAccount = await (await signInAtProvider({ sub: 'u-4', email: 'globex-user@example.test' })).complete();
    expect(otherAccount.json().message).toBe(Messages.openidUnknownUser);
    expect(await queryRows(t.database.db, sql`select 1 from users where email = 'stranger@example.test'`)).toEqual([]);

    await queryRows(t.database.db, sql`update users set disabled = true where username = 'acme-gone'`);
    const disabled = await (await signInAtProvider({ sub: 'u-5', email: 'acme-gone@example.test' })).complete();
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe(Messages.openidUserDisabled);
    const refusals = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from audit_events where action = 'auth.openid.login' and outcome = 'refused' order by id`,
    );
    expect(refusals.map((r) => r.reason)).toEqual(['state_unknown_or_used', 'unknown_user', 'unknown_user', 'user_disabled']);
  });

  it('refuses an id token whose nonce does not match, and an unverified email', async () => {
    const flow = await signInAtProvider({ sub: 'u-6', email: 'acme-admin@example.test' });
    await queryRows(t.database.db, sql`update openid_login_states set nonce = 'not-the-nonce-that-was-sent'`);
    const res = await flow.complete();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(Messages.openidSignInFailed);
    const unverified = await (await signInAtProvider({ sub: 'u-7', email: 'acme-admin@example.test', email_verified: false })).complete();
    expect(unverified.statusCode).toBe(400);
    const reasons = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from audit_events where action = 'auth.openid.login' and outcome = 'refused' order by id desc limit 2`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['email_not_verified', expect.stringMatching(/^token_rejected:/)]);
  });

  it('matches by username when configured, and refuses unsafe continue targets', async () => {
    const edit = await platform.call({
      method: 'PUT',
      url: url(acme.accountId, providerId),
      payload: { ...fields(), client_secret: '', claim: 'preferred_username', user_field: 'username' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await (await signInAtProvider({ sub: 'u-8', preferred_username: 'Acme-Reader' }, '')).complete();
    expect(res.statusCode, res.body).toBe(200);
    expect(openidLoginCompleteResponse.parse(res.json())).toMatchObject({ continue_uri: '/home', auth_info: { user: { email: 'acme-reader@example.test' } } });

    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    for (const target of ['https://evil.example/', '//evil.example/x', '/%2F%2Fevil.example', '/\\evil.example']) {
      expect((await visitor.post(ApiPath.openidLoginStart, { continue_uri: target, openid_provider_id: providerId })).statusCode).toBe(400);
    }
  });

  it('refuses a provider whose issuer does not match its discovery document, and disabled providers', async () => {
    const wrongIssuer = await acmeAdmin.post(url(acme.accountId), { ...fields(), name: 'Wrong issuer', issuer: idp.issuer.replace('127.0.0.1', 'localhost') });
    const wrongId = identityProviderResponse.parse(wrongIssuer.json()).identity_provider.id;
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const res = await visitor.post(ApiPath.openidLoginStart, { continue_uri: '/home', openid_provider_id: wrongId });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(Messages.openidProviderUnavailable);

    const disable = await acmeAdmin.call({ method: 'PUT', url: url(acme.accountId, providerId), payload: { ...fields(), enabled: false } });
    expect(disable.statusCode).toBe(200);
    expect((await visitor.post(ApiPath.openidLoginStart, { continue_uri: '/home', openid_provider_id: providerId })).statusCode).toBe(400);
    expect((await visitor.get(`${ApiPath.openidProviders}?account_slug=acme`)).json().data.map((p: { name: string }) => p.name)).toEqual(['Wrong issuer']);
    expect((await acmeAdmin.call({ method: 'DELETE', url: url(acme.accountId, wrongId) })).statusCode).toBe(200);
  });
});

describe('connections to providers', () => {
  /** An anonymous sign-in start with a provider of this issuer: the answer and the reason it was audited with. */
  async function startWith(issuer: string) {
    const created = await acmeAdmin.post(url(acme.accountId), { ...fields(), name: `Probe ${issuer}`.slice(0, 100), issuer });
    expect(created.statusCode, created.body).toBe(201);
    const id = identityProviderResponse.parse(created.json()).identity_provider.id;
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const res = await visitor.post(ApiPath.openidLoginStart, { continue_uri: '/home', openid_provider_id: id });
    const [event] = await queryRows<{ reason: string }>(
      t.database.db,
      sql`select reason from audit_events where action = 'auth.openid.start' order by id desc limit 1`,
    );
    expect((await acmeAdmin.call({ method: 'DELETE', url: url(acme.accountId, id) })).statusCode).toBe(200);
    return { status: res.statusCode, message: res.json().message as string, reason: event!.reason };
  }
  const refused = { status: 502, message: Messages.openidProviderUnavailable, reason: 'discovery_failed:egress_refused' };

  it('refuses issuers on the platform’s own and private networks before connecting: one answer, whatever listens there', async () => {
    await openLoopback([]);
    const port = new URL(idp.issuer).port;
    // A working provider, a listener that is not one, a closed port, the console's own port, metadata, private, unresolvable.
    for (const issuer of [idp.issuer, `http://127.0.0.1:${port}/not-a-provider`, 'http://127.0.0.1:9', `http://localhost:${t.config.port}`, 'https://169.254.169.254', 'https://10.0.0.1', 'https://keydeck-probe.invalid']) {
      expect([issuer, await startWith(issuer)]).toEqual([issuer, refused]);
    }
  });

  it('never connects to the console’s own port, even where loopback is open', async () => {
    await openLoopback(['127.0.0.1/32', '::1/128']);
    expect(await startWith(`http://127.0.0.1:${t.config.port}`)).toEqual(refused);
    // The provider itself is reachable again through the same policy.
    const res = await startWith(idp.issuer);
    expect(res.status).toBe(200);
  });
});
