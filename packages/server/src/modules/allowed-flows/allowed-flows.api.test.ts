import { allowedFlowsResponse } from '@keydeck/contract/allowed-flows';
import { identityProviderResponse, openidLoginStartResponse } from '@keydeck/contract/identity-providers';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { INJECTED_REDIRECT_URI, followToCallback, startOidcProvider, type OidcTestProvider } from '../../../test/oidc-provider.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const url = (accountId: string) => `/rest/api/v1/accounts/${accountId}/allowed-flows`;

let t: TestApp;
let idp: OidcTestProvider;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let acmeAdmin: Visitor;
let providerId: string;

beforeAll(async () => {
  [t, idp] = await Promise.all([createTestApp(), startOidcProvider({ redirectUris: [INJECTED_REDIRECT_URI] })]);
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-user', roleNames: [ROLE.readOnly] },
  ]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  [platform, acmeAdmin] = [new Visitor(t.app), new Visitor(t.app)];
  await platform.signIn(ADMIN.username, ADMIN.password);
  // The test provider listens on loopback, which the egress policy closes until a platform administrator opens it.
  await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1/32'] } });
  await acmeAdmin.signIn('acme-admin', PASSWORD);
  const created = await platform.post(`/rest/api/v1/accounts/${acme.accountId}/identity-providers`, {
    name: 'Acme SSO',
    issuer: idp.issuer,
    client_id: idp.client.client_id,
    client_secret: idp.client.client_secret,
  });
  providerId = identityProviderResponse.parse(created.json()).identity_provider.id;
});

afterAll(async () => {
  await t.close();
  await idp.close();
});

const put = (visitor: Visitor, accountId: string, payload: Record<string, boolean>) => visitor.call({ method: 'PUT', url: url(accountId), payload });
const flowsOf = async (visitor: Visitor, accountId: string) => allowedFlowsResponse.parse((await visitor.get(url(accountId))).json()).allowed_flows;
const passwordSignIn = (username: string, password = PASSWORD) => new Visitor(t.app).signIn(username, password);

async function openidStart() {
  const visitor = new Visitor(t.app);
  await visitor.get('/rest/api/v1/login');
  return { visitor, start: await visitor.post(ApiPath.openidLoginStart, { continue_uri: '/home', openid_provider_id: providerId }) };
}

describe('allowed sign-in methods', () => {
  it('allows both methods by default, and the account reads its own', async () => {
    expect(await flowsOf(platform, acme.accountId)).toEqual({ password: true, openid: true });
    expect(await flowsOf(acmeAdmin, acme.accountId)).toEqual({ password: true, openid: true });
    expect((await new Visitor(t.app).get(`${ApiPath.openidProviders}?account_slug=acme`)).json()).toEqual({
      data: [{ id: providerId, name: 'Acme SSO' }],
      allowed_flows: { password: true, openid: true },
    });
  });

  it('saves a change with an audit row on the account', async () => {
    const res = await put(platform, acme.accountId, { password: true, openid: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(allowedFlowsResponse.parse(res.json()).allowed_flows).toEqual({ password: true, openid: false });
    expect(await flowsOf(acmeAdmin, acme.accountId)).toEqual({ password: true, openid: false });
    const events = await queryRows<{ account_id: string; target: string; outcome: string; actor_username: string }>(
      t.database.db,
      sql`select account_id, target, outcome, actor_username from audit_events where action = 'allowed_flows.update'`,
    );
    expect(events).toEqual([{ account_id: acme.accountId, target: 'password on, openid off', outcome: 'success', actor_username: ADMIN.username }]);
  });

  it('refuses to allow no method at all, and to turn password off for the platform account', async () => {
    const none = await put(platform, acme.accountId, { password: false, openid: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ password: [Messages.allowedFlowsNoneLeft] });
    expect((await put(platform, acme.accountId, { password: true })).statusCode).toBe(400);
    expect(await flowsOf(platform, acme.accountId)).toEqual({ password: true, openid: false });

    const [own] = await queryRows<{ id: string }>(t.database.db, sql`select id from accounts where is_platform`);
    const locked = await put(platform, own!.id, { password: false, openid: true });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ message: Messages.platformPasswordRequired, errors: { password: [Messages.platformPasswordRequired] } });
    expect(await flowsOf(platform, own!.id)).toEqual({ password: true, openid: true });
    expect((await passwordSignIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  });

  it("answers 404 for another account's setting and 403 to a customer who tries to change their own", async () => {
    expect((await acmeAdmin.get(url(globex.accountId))).statusCode).toBe(404);
    expect((await put(acmeAdmin, acme.accountId, { password: true, openid: true })).statusCode).toBe(403);
    expect((await put(acmeAdmin, globex.accountId, { password: true, openid: true })).statusCode).toBe(403);
    expect((await platform.get(url('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await put(platform, '00000000-0000-4000-8000-000000000000', { password: true, openid: true })).statusCode).toBe(404);
    expect(await flowsOf(acmeAdmin, acme.accountId)).toEqual({ password: true, openid: false });
  });

  it('refuses OpenID sign-in while the account does not allow it, and hides its providers', async () => {
    expect((await new Visitor(t.app).get(`${ApiPath.openidProviders}?account_slug=acme`)).json()).toEqual({
      data: [],
      allowed_flows: { password: true, openid: false },
    });
    const { start } = await openidStart();
    expect(start.statusCode).toBe(403);
    expect(start.json().message).toBe(Messages.openidSignInOff);

    // A sign-in started while OpenID was allowed is refused when it comes back after it was turned off.
    expect((await put(platform, acme.accountId, { password: true, openid: true })).statusCode).toBe(200);
    const flow = await openidStart();
    expect(flow.start.statusCode, flow.start.body).toBe(200);
    idp.nextLogin({ sub: 'acme-user-1', email: 'acme-user@example.test', email_verified: true });
    const callback = await followToCallback(openidLoginStartResponse.parse(flow.start.json()).location, INJECTED_REDIRECT_URI);
    expect((await put(platform, acme.accountId, { password: true, openid: false })).statusCode).toBe(200);
    const complete = await flow.visitor.post(`${ApiPath.openidLoginComplete}${callback.search}`);
    expect(complete.statusCode).toBe(403);
    expect(complete.json().message).toBe(Messages.openidSignInOff);
    expect((await flow.visitor.get('/rest/api/v1/login')).statusCode).toBe(401);

    const refusals = await queryRows<{ action: string; account_id: string; reason: string }>(
      t.database.db,
      sql`select action, account_id, reason from audit_events where reason = 'openid_flow_not_allowed' order by id`,
    );
    expect(refusals).toEqual([
      { action: 'auth.openid.start', account_id: acme.accountId, reason: 'openid_flow_not_allowed' },
      { action: 'auth.openid.login', account_id: acme.accountId, reason: 'openid_flow_not_allowed' },
    ]);
  });

  it('refuses password sign-in only after the password proved right, and signs in with OpenID instead', async () => {
    expect((await put(platform, acme.accountId, { password: false, openid: true })).statusCode).toBe(200);
    expect((await new Visitor(t.app).get(`${ApiPath.openidProviders}?account_slug=acme`)).json()).toEqual({
      data: [{ id: providerId, name: 'Acme SSO' }],
      allowed_flows: { password: false, openid: true },
    });

    const wrong = await passwordSignIn('acme-user', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(Messages.invalidCredentials);
    const right = await passwordSignIn('acme-user');
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(Messages.passwordSignInOff);
    expect(right.headers['set-cookie'] ?? '').not.toContain('KEYDECK_SESSION=');
    const [refusal] = await queryRows<{ account_id: string; outcome: string; reason: string }>(
      t.database.db,
      sql`select account_id, outcome, reason from audit_events where action = 'auth.login' and target = 'acme-user' order by id desc limit 1`,
    );
    expect(refusal).toEqual({ account_id: acme.accountId, outcome: 'refused', reason: 'password_flow_not_allowed' });
    // Other accounts are untouched.
    expect((await passwordSignIn('globex-admin')).statusCode).toBe(200);

    const flow = await openidStart();
    idp.nextLogin({ sub: 'acme-user-2', email: 'acme-user@example.test', email_verified: true });
    const callback = await followToCallback(openidLoginStartResponse.parse(flow.start.json()).location, INJECTED_REDIRECT_URI);
    const complete = await flow.visitor.post(`${ApiPath.openidLoginComplete}${callback.search}`);
    expect(complete.statusCode, complete.body).toBe(200);

    expect((await put(platform, acme.accountId, { password: true, openid: true })).statusCode).toBe(200);
    expect((await passwordSignIn('acme-user')).statusCode).toBe(200);
  });
});
