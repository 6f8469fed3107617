import { createHash } from 'node:crypto';
import { credentialResponse, credentialsPage, credentialWithSecret, tokenResponse } from '@keydeck/contract/credentials';
import { CSRF_COOKIE } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE, type SeededAccount, queryRows, seedAccount, seedService, signedInUser } from '../../../test/fixtures.ts';
import { ADMIN, createTestApp, signedIn, type TestApp, type Visitor } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let bravo: SeededAccount;
let acmeAdmin: Visitor;
let bravoAdmin: Visitor;
let platformAdmin: Visitor;
let acmeService: Awaited<ReturnType<typeof seedService>>;

const TOKEN = '/rest/api/v2/oauth/token';
const SERVICES = '/rest/api/v1/service/services';
const credentialsOf = (accountId: string) => `/rest/api/v2/accounts/${accountId}/credentials`;
const inAWeek = () => new Date(Date.now() + 7 * 86400_000).toISOString();

async function create(fields: Record<string, unknown> = {}, by = acmeAdmin, accountId = acme.accountId) {
  const response = await by.post(credentialsOf(accountId), {
    name: `ci-${Math.random().toString(36).slice(2, 8)}`,
    owner_user_id: acme.userIds['acme-admin'],
    permissions: ['services:read', 'syslog:manage', 'users:manage'],
    expires_at: inAWeek(),
    allowed_cidrs: [],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return credentialWithSecret.parse(response.json()).data;
}

function exchange(payload: string | object, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  const form = typeof payload === 'string';
  return t.app.inject({
    method: 'POST',
    url: TOKEN,
    payload,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...options.headers },
  });
}

async function tokenFor(c: { client_id: string; client_secret: string }, remoteAddress?: string) {
  const response = await exchange(new URLSearchParams({ grant_type: 'client_credentials', ...c }).toString(), remoteAddress ? { remoteAddress } : {});
  expect(response.statusCode, response.body).toBe(200);
  return tokenResponse.parse(response.json()).access_token;
}

function bearer(token: string, options: { method?: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; headers?: Record<string, string>; remoteAddress?: string }) {
  return t.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    ...(options.payload ? { payload: options.payload } : {}),
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { authorization: `Bearer ${token}`, ...options.headers },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  bravo = await seedAccount(t.database.db, 'bravo', [{ username: 'bravo-admin', roleNames: [ROLE.admin] }]);
  acmeService = await seedService(t.database.db, acme.accountId, { name: 'Acme HSM', members: [{ userId: acme.userIds['acme-admin']! }] });
  await seedService(t.database.db, bravo.accountId, { name: 'Bravo HSM' });
  acmeAdmin = await signedInUser(t, 'acme-admin');
  bravoAdmin = await signedInUser(t, 'bravo-admin');
  platformAdmin = await signedIn(t.app, ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('API credentials', () => {
  it('answers the secret once and stores only its SHA-256, never in the audit log', async () => {
    const created = await create({ name: 'deploy' });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.credential).toMatchObject({ name: 'deploy', state: 'active', owner: { username: 'acme-admin' }, allowed_cidrs: [] });

    const [row] = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from api_credentials where id = ${created.client_id}`);
    expect(row!.secret_hash).toBe(createHash('sha256').update(created.client_secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.client_secret);

    const list = await acmeAdmin.get(credentialsOf(acme.accountId));
    expect(list.body).not.toContain(created.client_secret);
    expect(credentialsPage.parse(list.json()).data.map((c) => c.name)).toContain('deploy');

    const events = await queryRows(t.database.db, sql`select * from audit_events where action like 'credential.%'`);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain(created.client_secret);
  });

  it('exchanges the credential for a bearer token in a form, a JSON body or HTTP Basic', async () => {
    const c = await create();
    const form = await exchange(`grant_type=client_credentials&client_id=${c.client_id}&client_secret=${encodeURIComponent(c.client_secret)}`);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(form.headers['cache-control']).toBe('no-store');

    const json = await exchange({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret });
    expect(json.statusCode).toBe(200);

    const basic = Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64');
    const viaBasic = await exchange('grant_type=client_credentials', { headers: { authorization: `Basic ${basic}` } });
    expect(viaBasic.statusCode).toBe(200);

    const wrong = await exchange({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect((await exchange({ grant_type: 'password', client_id: c.client_id, client_secret: c.client_secret })).json().error).toBe('unsupported_grant_type');
    const noGrant = await exchange({ client_id: c.client_id, client_secret: c.client_secret });
    expect([noGrant.statusCode, noGrant.json().error]).toEqual([400, 'invalid_request']);
    // Malformed bodies are refused in the same shape, not the console's envelope.
    const noBody = await t.app.inject({ method: 'POST', url: TOKEN });
    expect([noBody.statusCode, noBody.json()]).toEqual([400, { error: 'invalid_request', error_description: expect.any(String) }]);
    const badJson = await exchange('{not json', { headers: { 'content-type': 'application/json' } });
    expect([badJson.statusCode, badJson.json().error]).toEqual([400, 'invalid_request']);

    const [event] = await queryRows<{ actor_username: string; outcome: string; account_id: string }>(
      t.database.db,
      sql`select actor_username, outcome, account_id from audit_events where action = 'credential.token' and target = ${c.client_id} and outcome = 'failure' order by id limit 1`,
    );
    expect(event).toMatchObject({ actor_username: `credential:${c.credential.name} (owner acme-admin)`, account_id: acme.accountId });
  });

  it("calls the API with the credential's permissions, without anti-forgery and ignoring cookies, audited as the credential", async () => {
    const c = await create({ name: 'ci-services', permissions: ['services:read', 'syslog:manage'] });
    const token = await tokenFor(c);
    const services = await bearer(token, { url: SERVICES });
    expect(services.statusCode, services.body).toBe(200);
    expect(services.json().data.map((s: { name: string }) => s.name)).toEqual(['Acme HSM']);

    // A state-changing call: no anti-forgery header, and a platform administrator's cookies change nothing.
    const cookies = [...platformAdmin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const syslog = await bearer(token, {
      method: 'POST',
      url: `/rest/api/v1/accounts/${acme.accountId}/syslog-configs`,
      payload: { name: 'from-ci', host: 'siem.example.com', port: 514, protocol: 'udp', enabled: false },
      headers: { cookie: cookies },
    });
    expect(syslog.statusCode, syslog.body).toBe(201);
    expect(syslog.cookies.find((k) => k.name === CSRF_COOKIE)).toBeUndefined();
    const [event] = await queryRows<{ actor_username: string; actor_user_id: string }>(
      t.database.db,
      sql`select actor_username, actor_user_id from audit_events where action = 'syslog.create' and target_name like 'from-ci %'`,
    );
    expect(event).toEqual({ actor_username: 'credential:ci-services (owner acme-admin)', actor_user_id: acme.userIds['acme-admin'] });

    // Narrower than its owner: users:manage is the owner's, not the credential's.
    expect((await bearer(token, { url: credentialsOf(acme.accountId) })).statusCode).toBe(403);
    // Cookies are not a way in either: the platform administrator's session does not make another account reachable.
    const elsewhere = await bearer(token, {
      method: 'POST',
      url: `/rest/api/v1/accounts/${bravo.accountId}/syslog-configs`,
      payload: { name: 'into-bravo', host: 'siem.example.com', port: 514, protocol: 'udp', enabled: false },
      headers: { cookie: cookies },
    });
    expect(elsewhere.statusCode).toBe(404);
    // Session-only routes refuse a bearer token.
    expect((await bearer(token, { method: 'POST', url: '/rest/api/v1/logout' })).statusCode).toBe(401);
    expect((await bearer(token, { url: '/rest/api/v1/mfa' })).statusCode).toBe(401);

    const [used] = await queryRows<{ last_used_at: Date | null; last_used_address: string | null }>(
      t.database.db,
      sql`select last_used_at, last_used_address from api_credentials where id = ${c.client_id}`,
    );
    expect(used!.last_used_at).not.toBeNull();
    expect(used!.last_used_address).toBe('127.0.0.1');
  });

  it("refuses permissions beyond the owner's (400 naming them) and an owner from another account", async () => {
    const tooMuch = await acmeAdmin.post(credentialsOf(acme.accountId), {
      name: 'viewer-ci',
      owner_user_id: acme.userIds['acme-viewer'],
      permissions: ['services:read', 'syslog:manage', 'users:manage'],
      expires_at: inAWeek(),
      allowed_cidrs: [],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.permissions[0]).toBe('The owner does not hold these permissions: syslog:manage, users:manage');

    const foreignOwner = await acmeAdmin.post(credentialsOf(acme.accountId), {
      name: 'x',
      owner_user_id: bravo.userIds['bravo-admin'],
      permissions: ['services:read'],
      expires_at: inAWeek(),
      allowed_cidrs: [],
    });
    expect(foreignOwner.statusCode).toBe(400);
    expect(foreignOwner.json().errors.owner_user_id).toBeDefined();

    const past = await acmeAdmin.post(credentialsOf(acme.accountId), {
      name: 'y',
      owner_user_id: acme.userIds['acme-admin'],
      permissions: ['services:read'],
      expires_at: new Date(Date.now() - 1000).toISOString(),
      allowed_cidrs: [],
    });
    expect(past.statusCode).toBe(400);
  });

  it('narrows a credential when its owner loses a permission', async () => {
    const owner = await seedAccount(t.database.db, 'charlie', [{ username: 'charlie-admin', roleNames: [ROLE.admin] }]);
    const admin = await signedInUser(t, 'charlie-admin');
    const c = await create({ owner_user_id: owner.userIds['charlie-admin'], permissions: ['services:read'] }, admin, owner.accountId);
    const token = await tokenFor(c);
    expect((await bearer(token, { url: SERVICES })).statusCode).toBe(200);
    await queryRows(t.database.db, sql`delete from user_roles where user_id = ${owner.userIds['charlie-admin']}`);
    expect((await bearer(token, { url: SERVICES })).statusCode).toBe(403);
  });

  it("changes a credential's name, permissions, expiry and addresses, within its owner's permissions", async () => {
    const c = await create();
    const url = `${credentialsOf(acme.accountId)}/${c.client_id}`;
    const expires = inAWeek();
    const changed = await acmeAdmin.call({ method: 'PUT', url, payload: { name: 'renamed', permissions: ['services:read'], expires_at: expires, allowed_cidrs: ['192.0.2.1'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(credentialResponse.parse(changed.json()).data).toMatchObject({ name: 'renamed', permissions: ['services:read'], expires_at: expires, allowed_cidrs: ['192.0.2.1/32'] });
    const [event] = await queryRows<{ target_name: string }>(t.database.db, sql`select target_name from audit_events where action = 'credential.update' and target = ${c.client_id}`);
    expect(event!.target_name).toBe('renamed');

    const viewerOwned = await create({ owner_user_id: acme.userIds['acme-viewer'], permissions: ['services:read'] });
    const tooMuch = await acmeAdmin.call({
      method: 'PUT',
      url: `${credentialsOf(acme.accountId)}/${viewerOwned.client_id}`,
      payload: { name: 'viewer', permissions: ['services:manage'], expires_at: expires, allowed_cidrs: [] },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.permissions[0]).toBe('The owner does not hold these permissions: services:manage');
  });

  it('refuses a revoked credential on its next call and at the token endpoint', async () => {
    const c = await create();
    const token = await tokenFor(c);
    expect((await bearer(token, { url: SERVICES })).statusCode).toBe(200);
    const revoked = await acmeAdmin.post(`${credentialsOf(acme.accountId)}/${c.client_id}/revoke`);
    expect(credentialResponse.parse(revoked.json()).data.state).toBe('revoked');
    expect((await bearer(token, { url: SERVICES })).statusCode).toBe(401);
    expect((await exchange({ grant_type: 'client_credentials', ...c })).statusCode).toBe(401);
    const edit = await acmeAdmin.call({ method: 'PUT', url: `${credentialsOf(acme.accountId)}/${c.client_id}`, payload: { name: 'z', permissions: ['services:read'], expires_at: inAWeek(), allowed_cidrs: [] } });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses an expired credential and an expired token', async () => {
    const c = await create();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60_000);
    const stale = await tokenFor(c);
    vi.useRealTimers();
    expect((await bearer(stale, { url: SERVICES })).statusCode).toBe(401);

    const token = await tokenFor(c);
    await queryRows(t.database.db, sql`update api_credentials set expires_at = now() - interval '1 second' where id = ${c.client_id}`);
    expect((await bearer(token, { url: SERVICES })).statusCode).toBe(401);
    expect((await exchange({ grant_type: 'client_credentials', ...c })).statusCode).toBe(401);
    const list = credentialsPage.parse((await acmeAdmin.get(`${credentialsOf(acme.accountId)}?page_size=100`)).json());
    expect(list.data.find((x) => x.id === c.client_id)!.state).toBe('expired');
  });

  it('keeps the previous secret working during a rotation overlap only', async () => {
    const c = await create();
    const rotated = await acmeAdmin.post(`${credentialsOf(acme.accountId)}/${c.client_id}/rotate`, { overlap_hours: 1 });
    expect(rotated.statusCode).toBe(200);
    const fresh = credentialWithSecret.parse(rotated.json()).data;
    expect(fresh.client_secret).not.toBe(c.client_secret);
    expect(fresh.credential.previous_secret_expires_at).not.toBeNull();
    await tokenFor(c);
    await tokenFor(fresh);
    await queryRows(t.database.db, sql`update api_credentials set previous_secret_expires_at = now() - interval '1 second' where id = ${c.client_id}`);
    expect((await exchange({ grant_type: 'client_credentials', ...c })).statusCode).toBe(401);

    const again = credentialWithSecret.parse((await acmeAdmin.post(`${credentialsOf(acme.accountId)}/${c.client_id}/rotate`, { overlap_hours: 0 })).json()).data;
    expect((await exchange({ grant_type: 'client_credentials', ...fresh })).statusCode).toBe(401);
    await tokenFor(again);
    expect((await acmeAdmin.post(`${credentialsOf(acme.accountId)}/${c.client_id}/rotate`, { overlap_hours: 169 })).statusCode).toBe(400);
  });

  it('admits only its allowed addresses', async () => {
    const c = await create({ allowed_cidrs: ['10.1.0.0/16'] });
    expect(c.credential.allowed_cidrs).toEqual(['10.1.0.0/16']);
    const outside = await exchange({ grant_type: 'client_credentials', ...c });
    expect(outside.statusCode).toBe(401);
    const token = await tokenFor(c, '10.1.2.3');
    expect((await bearer(token, { url: SERVICES, remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await bearer(token, { url: SERVICES, remoteAddress: '192.0.2.7' })).statusCode).toBe(403);
  });

  // More of a script's service session (addresses, groups, JWT services): service-sessions/delegate-service-sessions.api.test.ts.
  it("opens a service session of its own on its owner's service, which the credential's next token finds", async () => {
    const c = await create();
    const token = await tokenFor(c);
    const groups = '/rest/api/v1/service/device_group';
    expect((await bearer(token, { method: 'PUT', url: SERVICES, payload: { service_id: acmeService.serviceId } })).statusCode).toBe(200);
    expect((await bearer(token, { url: groups })).json().error).toBe('service_session_required');
    const response = await bearer(token, { method: 'POST', url: `/rest/api/v1/service/login/${acmeService.serviceId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await bearer(token, { url: groups })).statusCode).toBe(200);
    expect((await bearer(await tokenFor(c), { url: groups })).statusCode).toBe(200);
    // Not the owner's console session's.
    expect((await acmeAdmin.get(groups)).statusCode).toBe(403);
  });

  it('keeps tenants apart and lets platform administrators manage any account', async () => {
    const c = await create();
    // Another account's administrator: 404 under either account's path.
    expect((await bravoAdmin.post(`${credentialsOf(bravo.accountId)}/${c.client_id}/revoke`)).statusCode).toBe(404);
    expect((await bravoAdmin.post(`${credentialsOf(acme.accountId)}/${c.client_id}/revoke`)).statusCode).toBe(404);
    expect((await bravoAdmin.get(credentialsOf(acme.accountId))).statusCode).toBe(404);
    // A token of acme's acts on acme only, even with users:manage.
    const token = await tokenFor(c);
    expect((await bearer(token, { url: credentialsOf(bravo.accountId) })).statusCode).toBe(404);
    expect((await bearer(token, { url: credentialsOf(acme.accountId) })).statusCode).toBe(200);

    const byPlatform = await create({ owner_user_id: bravo.userIds['bravo-admin'], permissions: ['services:read'] }, platformAdmin, bravo.accountId);
    expect(byPlatform.credential.account_id).toBe(bravo.accountId);
    const bravoToken = await tokenFor(byPlatform);
    expect((await bearer(bravoToken, { url: SERVICES })).json().data.map((s: { name: string }) => s.name)).toEqual(['Bravo HSM']);
    expect((await platformAdmin.post(`${credentialsOf(bravo.accountId)}/${byPlatform.client_id}/revoke`)).statusCode).toBe(200);

    // Customers without users:manage see nothing of it.
    const viewer = await signedInUser(t, 'acme-viewer');
    expect((await viewer.get(credentialsOf(acme.accountId))).statusCode).toBe(403);
    const owners = await acmeAdmin.get(`/rest/api/v2/accounts/${acme.accountId}/credential-owners`);
    expect(owners.json().data.find((o: { username: string }) => o.username === 'acme-viewer').permissions).not.toContain('syslog:manage');
  });
});
