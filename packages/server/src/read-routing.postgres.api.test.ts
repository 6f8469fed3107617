import { ApiPath, CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBrowser } from '../test/http-browser.ts';
import { databaseWithTwoLogins } from '../test/postgres-server.ts';
import { startReplicatedPostgres, type ReplicatedPostgres } from '../test/postgres-replication.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { ADMIN } from '../test/test-app.ts';

/**
 * One Keydeck server (the built one: npm run build first) writing to a primary and reading the audit log from its
 * standby (DATABASE_READ_URL), as README's "Read routing" says. The standby's replay is paused to make its data
 * visibly old: what reads it shows that, and what must not (writes, who the caller is) does not.
 */
let replicated: ReplicatedPostgres;
let server: ServerProcess;
let standby: pg.Client;
const browsers: HttpBrowser[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await pause(100)) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${ms} ms\n${server?.output().slice(-3000)}`);
}
async function signedInBrowser(): Promise<HttpBrowser> {
  const browser = new HttpBrowser(`http://${server.address}`);
  browsers.push(browser);
  await browser.call('GET', ApiPath.login);
  const signIn = await browser.call('POST', ApiPath.login, ADMIN);
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return browser;
}
/** A signed-in session's cookies as a browser would keep sending them (an old tab, a copied cookie). */
async function sessionCookies(): Promise<{ cookie: string; csrf: string }> {
  const cookiesOf = (answer: Response) => new Map(answer.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]));
  const origin = `http://${server.address}`;
  const csrf = cookiesOf(await fetch(origin + ApiPath.login)).get(CSRF_COOKIE)!;
  const signIn = await fetch(origin + ApiPath.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
    body: JSON.stringify(ADMIN),
  });
  const set = cookiesOf(signIn);
  const renewed = set.get(CSRF_COOKIE) ?? csrf;
  return { cookie: [...set].filter(([name]) => name !== CSRF_COOKIE).map(([n, v]) => `${n}=${v}`).concat(`${CSRF_COOKIE}=${renewed}`).join('; '), csrf: renewed };
}
const onStandbyHost = (url: string) => {
  const u = new URL(url);
  u.port = new URL(replicated.standbyUrl).port;
  return u.toString();
};
/** The audit log's list and its CSV export, as text: whether they name a role. */
const auditLog = async (browser: HttpBrowser) => {
  const [list, csv] = await Promise.all([browser.call('GET', `${ApiPath.auditEvents}?page_size=100`), browser.call('GET', ApiPath.auditExport)]);
  return { status: [list.status, csv.status], text: JSON.stringify(list.body) + String(csv.body) };
};
const createRole = (browser: HttpBrowser, name: string) => browser.call('POST', ApiPath.roles, { roles: [{ name, permissions: [Permission.auditRead] }] });

beforeAll(async () => {
  replicated = await startReplicatedPostgres();
  const { ownerUrl, servingUrl } = await databaseWithTwoLogins(replicated.primaryUrl);
  server = await startServerProcess({
    DATABASE_URL: servingUrl,
    MIGRATION_DATABASE_URL: ownerUrl,
    DATABASE_READ_URL: onStandbyHost(servingUrl),
    WORKERS: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '1000',
  });
  await until('the server ready', () => fetch(`http://${server.address}/readyz`).then((r) => (r.ok ? true : undefined), () => undefined), 40_000);
  standby = new pg.Client({ connectionString: `${replicated.standbyUrl}/postgres` });
  await standby.connect();
}, 50_000);
afterAll(async () => {
  for (const browser of browsers) browser.close();
  await standby?.end();
  server?.remove();
  replicated?.stop();
});

describe('read routing: the audit log read from the standby (DATABASE_READ_URL)', () => {
  it('lists and exports what the standby has, writes and checks who calls on the primary', async () => {
    const browser = await signedInBrowser();
    const leaving = await sessionCookies();
    const asLeaving = (method: string, path: string) =>
      fetch(`http://${server.address}${path}`, { method, headers: { cookie: leaving.cookie, [CSRF_HEADER]: leaving.csrf } }).then((r) => r.status);
    expect(await asLeaving('GET', `${ApiPath.auditEvents}?page_size=1`)).toBe(200);
    expect((await createRole(browser, 'Before the pause')).status).toBe(201);
    await until('the standby showing the first role', async () => ((await auditLog(browser)).text.includes('Before the pause') ? true : undefined));

    await standby.query('select pg_wal_replay_pause()');
    // Writes still go to the primary (and the synchronous standby still receives them: commits do not wait).
    expect((await createRole(browser, 'During the pause')).status).toBe(201);
    const roles = await browser.call('GET', `${ApiPath.roles}?page_size=100`);
    expect(JSON.stringify(roles.body)).toContain('During the pause');
    // The audit log, read from the standby, does not have it yet.
    const stale = await auditLog(browser);
    expect(stale.status).toEqual([200, 200]);
    expect(stale.text).toContain('Before the pause');
    expect(stale.text).not.toContain('During the pause');
    // A session ended on the primary is ended, whatever the standby still holds.
    expect(await asLeaving('POST', ApiPath.logout)).toBe(200);
    expect(await asLeaving('GET', `${ApiPath.auditEvents}?page_size=1`)).toBe(401);

    await standby.query('select pg_wal_replay_resume()');
    await until('the standby catching up', async () => ((await auditLog(browser)).text.includes('During the pause') ? true : undefined));
  }, 30_000);
});
