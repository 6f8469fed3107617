import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, startWithPlatformAdmin, type TestApp } from '../../test/test-app.ts';
import { loggable } from './error-handler.ts';

let t: TestApp;
let admin: Visitor;

beforeAll(async () => ({ t, admin } = await startWithPlatformAdmin({ LOGIN_RATE_LIMIT: '3' })));
afterAll(() => t.close());

const auditOf = (action: string) =>
  queryRows<{ outcome: string; reason: string; target: string | null }>(
    t.database.db,
    sql`select outcome, reason, target from audit_events where action = ${action} order by id desc limit 1`,
  );

describe('text the server refuses at the edge', () => {
  it('refuses NUL in a sign-in with a 400 naming the field, and audits the refusal', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const res = await visitor.post('/rest/api/v1/login', { username: 'ad\u0000min', password: 'whatever-it-is' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ username: [Messages.invalidText] });
    expect(await auditOf('auth.login')).toEqual([{ outcome: 'refused', reason: 'invalid_text:username', target: null }]);
  });

  it('refuses a lone surrogate sent as a raw JSON escape, at any depth, and stores nothing', async () => {
    const payload = '{"roles":[{"name":"x\\ud800y","permissions":[]}]}';
    const res = await admin.call({ method: 'POST', url: '/rest/api/v1/user/roles', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['roles.0.name']);
    expect(await queryRows(t.database.db, sql`select 1 from roles where name like 'x%y'`)).toEqual([]);
    const nested = await admin.call({
      method: 'POST',
      url: '/rest/api/v1/user/roles',
      payload: '{"roles":[{"name":"ok","permissions":["users:view\\u0000"]}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(Object.keys(nested.json().errors)).toEqual(['roles.0.permissions.0']);
  });

  it('refuses control characters in the query and the path, where the database would fail', async () => {
    const search = await admin.get('/rest/api/v1/user/roles?search=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual({ search: [Messages.invalidText] });
    const path = await admin.get('/rest/api/v1/accounts/%00/licenses');
    expect(path.statusCode).toBe(400);
  });

  it('keeps ordinary text, including tabs and characters outside the basic plane', async () => {
    const res = await admin.post('/rest/api/v1/user/roles', { roles: [{ name: 'Keys 🔑 team', permissions: [] }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().roles[0].name).toBe('Keys 🔑 team');
    // The edge passes a tab on; a name refuses it by its own rule (contract names.ts), free text does not.
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    expect((await visitor.post('/rest/api/v1/login', { username: 'ad\tmin', password: 'whatever-it-is' })).statusCode).toBe(401);
    const tabbed = await admin.post('/rest/api/v1/user/roles', { roles: [{ name: 'Keys\tteam', permissions: [] }] });
    expect(tabbed.json().errors).toEqual({ 'roles.0.name': [Messages.nameHiddenCharacters] });
  });
});

describe('dates out of the database range', () => {
  it('answers 400 for a license from the year 0, not 500', async () => {
    const [{ id: account }] = await queryRows<{ id: string }>(t.database.db, sql`select id from accounts limit 1`) as [{ id: string }];
    const res = await admin.post(`/rest/api/v1/accounts/${account}/licenses`, {
      licenses: [{ product: 'rkms', quantity: 1, valid_from: '0000-01-01', valid_until: '2030-01-01' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain(Messages.dateOutOfRange);
  });
});

describe('HTTP hygiene', () => {
  it('sends Cache-Control: no-store on every API answer, refusals and unknown paths too', async () => {
    expect((await admin.get('/rest/api/v1/login')).headers['cache-control']).toBe('no-store');
    expect((await new Visitor(t.app).get('/rest/api/v1/user/roles')).headers['cache-control']).toBe('no-store');
    expect((await admin.get('/rest/api/v1/no-such-thing')).headers['cache-control']).toBe('no-store');
  });

  it('sends the security headers on every answer, refusals and unknown paths too', async () => {
    for (const path of ['/rest/api/v1/login', '/rest/api/v1/user/roles', '/rest/api/v1/no-such-call', '/no-such-page.js']) {
      const res = await new Visitor(t.app).get(path);
      expect([path, res.headers['x-content-type-options']]).toEqual([path, 'nosniff']);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers a path in both spellings of its trailing slash', async () => {
    const plain = await admin.get('/rest/api/v1/user/roles');
    const slashed = await admin.get('/rest/api/v1/user/roles/');
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('audits a rate-limited sign-in with the username tried', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await visitor.post('/rest/api/v1/login', { username: 'mallory-target', password: 'wrong-password-1' })).statusCode);
    expect(answers.at(-1)).toBe(429);
    const [event] = await queryRows<{ reason: string; target: string; actor_username: string }>(
      t.database.db,
      sql`select reason, target, actor_username from audit_events where action = 'auth.login' order by id desc limit 1`,
    );
    expect(event).toEqual({ reason: 'rate_limited', target: 'mallory-target', actor_username: 'mallory-target' });
  });
});

describe('errors in the log', () => {
  it('never carries a failing query’s parameters', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$not-a-real-hash';
    const error = await t.database.db.execute(sql`select ${secret}::int`).catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(secret); // the ORM puts it there
    const logged = JSON.stringify(loggable(error));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('22P02'); // but says what went wrong
  });
});

describe('a database outage', () => {
  it('answers 503 with Retry-After, so clients and load balancers retry', async () => {
    const outage = await createTestApp();
    const visitor = new Visitor(outage.app);
    await visitor.signIn(ADMIN.username, ADMIN.password);
    await outage.database.close();
    const res = await visitor.get('/rest/api/v1/login');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().message).toBe(Messages.serviceUnavailable);
    await outage.app.close();
  });
});
