import { authInfoResponse } from '@keydeck/contract/auth';
import { CSRF_COOKIE, SESSION_COOKIE } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const LOGIN = '/rest/api/v1/login';
const LOGOUT = '/rest/api/v1/logout';

let t: TestApp;
const query = <T = Record<string, unknown>>(q: SQL) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: '10.0.0.1' });
  await seedAccount(t.database.db, 'acme', [{ username: 'ada', roleNames: [ROLE.admin] }, { username: 'lockme' }, { username: 'parallel' }]);
});
afterAll(() => t.close());

describe('GET login', () => {
  it('answers 401 to a visitor and hands out an anti-forgery cookie on the first response', async () => {
    const visitor = new Visitor(t.app);
    const res = await visitor.get(LOGIN);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(Messages.notLoggedIn);
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('POST login', () => {
  it('signs in with the right password and answers auth_info', async () => {
    const visitor = new Visitor(t.app);
    const res = await visitor.signIn('ada', PASSWORD);
    expect(res.statusCode).toBe(200);
    const { auth_info } = authInfoResponse.parse(res.json());
    expect(auth_info.user.name).toBe('ada');
    expect(auth_info.company).toMatchObject({ name: 'Company acme', account_slug: 'acme', api_name: 'api-acme' });
    expect(auth_info.fully_logged_in).toBe(true);
    expect(auth_info.next_factor).toBeNull();
    expect(auth_info.permissions).toContain('users:manage');
    expect(auth_info.permissions).not.toContain('platform:admin');
    expect((await visitor.get(LOGIN)).json()).toEqual(res.json());
  });

  it('accepts the username in any letter case', async () => {
    expect((await new Visitor(t.app).signIn('ADA', PASSWORD)).statusCode).toBe(200);
  });

  it('sets an HttpOnly SameSite=Lax session cookie, Secure only behind HTTPS', async () => {
    const plain = await new Visitor(t.app).signIn('ada', PASSWORD);
    const cookie = plain.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);

    const proxied = new Visitor(t.app);
    await proxied.get(LOGIN);
    const behindTls = await proxied.call({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'ada', password: PASSWORD },
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(behindTls.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    const [event] = await query<{ client_address: string }>(
      sql`select client_address from audit_events where action = 'auth.login' order by id desc limit 1`,
    );
    expect(event?.client_address).toBe('203.0.113.9');
  });

  it('stores only a hash of the session id', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('ada', PASSWORD);
    const id = visitor.cookies.get(SESSION_COOKIE)!;
    const rows = await query(sql`select * from sessions where id_hash = ${id}`);
    expect(rows).toHaveLength(0);
  });

  it('gives a new session id at every sign-in and retires the previous one (no fixation)', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('ada', PASSWORD);
    const first = visitor.cookies.get(SESSION_COOKIE)!;
    await visitor.signIn('ada', PASSWORD);
    const second = visitor.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const replay = new Visitor(t.app);
    replay.cookies.set(SESSION_COOKIE, first);
    expect((await replay.get(LOGIN)).statusCode).toBe(401);
  });

  it('gives the same answer to a wrong password and an unknown username', async () => {
    const wrongPassword = await new Visitor(t.app).signIn('ada', 'not-the-password');
    const unknownUser = await new Visitor(t.app).signIn('nobody-here', 'not-the-password');
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(Messages.invalidCredentials);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses bad input with field errors', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get(LOGIN);
    const res = await visitor.post(LOGIN, { username: '', password: 42 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
  });

  it('audits success and refusal', async () => {
    const events = () =>
      query<{ outcome: string; reason: string | null; account_id: string | null }>(
        sql`select outcome, reason, account_id from audit_events where action = 'auth.login' and target = 'ada' order by id`,
      );
    const before = (await events()).length;
    expect((await new Visitor(t.app).signIn('ada', PASSWORD)).statusCode).toBe(200);
    expect((await new Visitor(t.app).signIn('ada', 'wrong-password-for-audit')).statusCode).toBe(401);
    const rows = (await events()).slice(before);
    expect(rows).toEqual([
      { outcome: 'success', reason: null, account_id: expect.any(String) },
      { outcome: 'refused', reason: 'invalid_credentials', account_id: expect.any(String) },
    ]);
  });
});

describe('brute force', () => {
  const from = (visitor: Visitor, address: string, username: string, password: string) =>
    visitor.call({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress: address });

  it('slows one address down after five failures, twice as long each time, never locking, audited', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get(LOGIN);
    for (let i = 0; i < 6; i++) expect((await from(visitor, '198.51.100.7', 'lockme', `wrong-${i}`)).statusCode).toBe(401);
    const early = await from(visitor, '198.51.100.7', 'lockme', PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json().message).toBe(Messages.signInThrottled(1));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await from(visitor, '198.51.100.7', 'lockme', 'wrong-again')).statusCode).toBe(401);
    expect((await from(visitor, '198.51.100.7', 'lockme', PASSWORD)).headers['retry-after']).toBe('2');
    const reasons = await query<{ reason: string }>(sql`select reason from audit_events where target = 'lockme' order by id desc limit 3`);
    expect(reasons.map((r) => r.reason)).toEqual(['throttled', 'invalid_credentials', 'throttled']);

    // Another address is not held up by this one's failures: the right password works there at once.
    const elsewhere = new Visitor(t.app);
    await elsewhere.get(LOGIN);
    expect((await from(elsewhere, '198.51.100.8', 'lockme', PASSWORD)).statusCode).toBe(200);
  });

  it('holds up unfamiliar addresses after many failures across addresses, but not one the user signed in from', async () => {
    const strict = await createTestApp({ LOGIN_FREE_ATTEMPTS: '2', LOGIN_ACCOUNT_FREE_ATTEMPTS: '3' });
    try {
      const home = new Visitor(strict.app);
      await home.get(LOGIN);
      expect((await from(home, '203.0.113.10', ADMIN.username, ADMIN.password)).statusCode).toBe(200);
      // A botnet: one wrong guess from each of many addresses, against the platform administrator.
      const answers: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const bot = new Visitor(strict.app);
        await bot.get(LOGIN);
        answers.push((await from(bot, `192.0.2.${i}`, ADMIN.username, `guess-${i}`)).statusCode);
      }
      // Every attempt from an address not yet familiar counts, the administrator's first one included: 1 + 3 free.
      expect(answers).toEqual([401, 401, 401, 429, 429, 429]);
      // The administrator, from where they signed in before, is not locked out.
      const again = new Visitor(strict.app);
      await again.get(LOGIN);
      expect((await from(again, '203.0.113.10', ADMIN.username, ADMIN.password)).statusCode).toBe(200);
      // A new address waits like the bots (the price of the attack), then gets through.
      const laptop = new Visitor(strict.app);
      await laptop.get(LOGIN);
      expect((await from(laptop, '203.0.113.99', ADMIN.username, ADMIN.password)).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('counts no more than the free attempts plus one of 100 parallel wrong attempts', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get(LOGIN);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => visitor.post(LOGIN, { username: 'parallel', password: `guess-${i}` })),
    );
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const [throttle] = await query<{ failures: number }>(sql`select max(failures)::int as failures from sign_in_throttle where username = 'parallel'`);
    expect(throttle!.failures).toBeLessThanOrEqual(6);
    const [counted] = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_events where target = 'parallel' and reason = 'invalid_credentials'`,
    );
    expect(counted!.n).toBe(throttle!.failures);
  });

  it('rate-limits each client address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const visitor = new Visitor(limited.app);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await visitor.signIn(ADMIN.username, `wrong-${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const res = await visitor.signIn(ADMIN.username, ADMIN.password);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toBe(Messages.tooManyRequests);
      const other = new Visitor(limited.app);
      await other.get(LOGIN);
      const elsewhere = await other.call({ method: 'POST', url: LOGIN, payload: ADMIN, remoteAddress: '192.0.2.7' });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions end', () => {
  it('logout destroys the session server-side', async () => {
    const visitor = new Visitor(t.app);
    await visitor.signIn('ada', PASSWORD);
    const sessionId = visitor.cookies.get(SESSION_COOKIE)!;
    const res = await visitor.post(LOGOUT);
    expect(res.statusCode).toBe(200);
    expect((await visitor.get(LOGIN)).statusCode).toBe(401);
    const stolen = new Visitor(t.app);
    stolen.cookies.set(SESSION_COOKIE, sessionId);
    expect((await stolen.get(LOGIN)).statusCode).toBe(401);
  });

  it('keeps a session in use alive however short the idle timeout (last seen refreshed at a tenth of it)', async () => {
    const short = await createTestApp({ SESSION_IDLE_SECONDS: '3' });
    try {
      const busy = new Visitor(short.app);
      await busy.signIn(ADMIN.username, ADMIN.password);
      for (let second = 0; second < 6; second++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect((await busy.get(LOGIN)).statusCode).toBe(200);
      }
      const quiet = new Visitor(short.app);
      await quiet.signIn(ADMIN.username, ADMIN.password);
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect((await quiet.get(LOGIN)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('expires after the idle timeout and after the absolute timeout', async () => {
    const idle = new Visitor(t.app);
    await idle.signIn('ada', PASSWORD);
    await query(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    expect((await idle.get(LOGIN)).statusCode).toBe(401);

    const old = new Visitor(t.app);
    await old.signIn('ada', PASSWORD);
    await query(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await old.get(LOGIN)).statusCode).toBe(401);
  });
});

describe('anti-forgery', () => {
  it('refuses a state-changing request whose header is missing, wrong, or from another session, and audits it', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get(LOGIN);
    const missing = await visitor.post(LOGIN, { username: 'ada', password: PASSWORD }, 'omit');
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(Messages.csrfRejected);
    const wrong = await visitor.post(LOGIN, { username: 'ada', password: PASSWORD }, 'forged.token');
    expect(wrong.statusCode).toBe(403);

    const other = new Visitor(t.app);
    await other.signIn('ada', PASSWORD);
    const foreignToken = other.cookies.get(CSRF_COOKIE)!;
    visitor.cookies.set(CSRF_COOKIE, foreignToken);
    const foreign = await visitor.post(LOGIN, { username: 'ada', password: PASSWORD });
    expect(foreign.statusCode).toBe(403);

    const rows = await query(sql`select 1 from audit_events where reason = 'anti_forgery'`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('renews the token at sign-in, so the anonymous token no longer works', async () => {
    const visitor = new Visitor(t.app);
    await visitor.get(LOGIN);
    const anonymous = visitor.cookies.get(CSRF_COOKIE)!;
    await visitor.signIn('ada', PASSWORD);
    expect(visitor.cookies.get(CSRF_COOKIE)).not.toBe(anonymous);
    expect((await visitor.post(LOGOUT, undefined, anonymous)).statusCode).toBe(403);
    expect((await visitor.post(LOGOUT)).statusCode).toBe(200);
  });
});
