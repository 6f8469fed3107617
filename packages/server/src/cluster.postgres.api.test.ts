import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import * as oidc from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTcpPort } from '../test/free-port.ts';
import { HAPROXY_CONFIG, startHaproxy, type Haproxy } from '../test/haproxy.ts';
import { HttpBrowser, type Answer } from '../test/http-browser.ts';
import { startServerProcess, type LogLine, type ServerProcess } from '../test/server-process.ts';
import { SoftAuthenticator } from '../test/soft-authenticator.ts';
import { ADMIN, freshPostgresDatabase } from '../test/test-app.ts';

/**
 * Three Keydeck servers (WORKERS=1 each, their own DATA_DIR) on one PostgreSQL behind HAProxy with
 * ops/haproxy/keydeck.cfg, as README's "Several servers" describes; the built server (npm run build first).
 */
const LOGIN_RATE_LIMIT = 6;
const key = () => randomBytes(32).toString('base64url');
/** What every server must share besides the database: the keys that never enter it. */
const SHARED = { AUDIT_KEY: key(), ENCRYPTION_KEY: key(), KEYSTORE_MASTER_KEY: key() };

let servers: ServerProcess[] = [];
let haproxy: Haproxy;
let database: pg.Client;
let browser: HttpBrowser;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await pause(100)) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${ms} ms\n${servers.map((s) => s.output().slice(-1500)).join('\n')}`);
}

beforeAll(async () => {
  const databaseUrl = await freshPostgresDatabase();
  if (!databaseUrl) throw new Error('cluster.postgres.api.test.ts needs the test PostgreSQL');
  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const frontendPort = await freeTcpPort();
  const env = {
    ...SHARED,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${frontendPort}`,
    WORKERS: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // HAProxy's address: its X-Forwarded-For names the browser's.
    TRUSTED_PROXIES: '127.0.0.1',
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
    // Above HAProxy's inter x fall (2 s): a stopping server leaves the rotation before it stops listening.
    SHUTDOWN_DRAIN_SECONDS: '4',
  };
  // Started at once, as a deployment starts them: the migrations' lock and an idempotent first start sort them out.
  // Each keeps its cloud HSM tokens in its own DATA_DIR: three machines, so each its own MACHINE_NAME.
  servers = await Promise.all([1, 2, 3].map((n) => startServerProcess({ ...env, MACHINE_NAME: `machine-${n}` })));
  await Promise.all(servers.map((s) => until(`${s.address} ready`, () => fetch(`http://${s.address}/readyz`).then((r) => (r.ok ? true : undefined), () => undefined), 60_000)));
  haproxy = await startHaproxy(frontendPort, servers.map((s) => s.address));
  await until('HAProxy seeing all three UP', async () => (Object.values(await haproxy.states()).join() === 'UP,UP,UP' ? true : undefined));
  browser = new HttpBrowser(haproxy.origin);
}, 90_000);
afterAll(async () => {
  browser?.close();
  haproxy?.stop();
  for (const s of servers) s.remove();
  await database?.end();
});

/** How many requests the server answered 2xx whose request matches (from its log: the request line, then its completion). */
function answered(server: ServerProcess, match: (req: NonNullable<LogLine['req']>, line: LogLine) => boolean): number {
  const requests = new Map<string, NonNullable<LogLine['req']>>();
  let count = 0;
  for (const line of server.log()) {
    if (line.msg === 'incoming request' && line.req && line.reqId) requests.set(line.reqId, line.req);
    const req = line.reqId ? requests.get(line.reqId) : undefined;
    if (line.msg === 'request completed' && req && line.res!.statusCode < 300 && match(req, line)) count++;
  }
  return count;
}
const isPath = (path: string) => (req: { url: string }) => req.url.split('?')[0] === path;
/** The servers (their index) that received a request matching, whatever they answered. */
const receivedBy = (match: (req: NonNullable<LogLine['req']>) => boolean) =>
  servers.flatMap((server, index) => (server.log().some((line) => line.msg === 'incoming request' && line.req && match(line.req)) ? [index] : []));

type Outcome = Answer & { write: boolean; role?: string };
/**
 * The steady load of one signed-in browser: every 100 ms a session read, a service data read and a write (a new
 * role), for `ticks` ticks; `at` runs before the given tick. Answers every call's outcome.
 */
async function underLoad(label: string, ticks: number, at?: { tick: number; run: () => void }): Promise<Outcome[]> {
  const calls: Promise<Outcome>[] = [];
  for (let tick = 0; tick < ticks; tick++) {
    if (tick === at?.tick) at.run();
    const role = `${label} ${tick}`;
    const kinds = [
      () => browser.call('GET', ApiPath.login).then((a) => ({ ...a, write: false })),
      () => browser.call('GET', ApiPath.serviceUserGroupCurrent).then((a) => ({ ...a, write: false })),
      () => browser.call('POST', ApiPath.roles, { roles: [{ name: role, permissions: [Permission.auditRead] }] }).then((a) => ({ ...a, write: true, role })),
    ];
    // Three calls a tick to three servers in turn: each tick starts with the next kind, so every server gets each.
    for (let i = 0; i < kinds.length; i++) calls.push(kinds[(tick + i) % kinds.length]!());
    await pause(100);
  }
  return Promise.all(calls);
}
const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status < 200 || o.status >= 300);

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await browser.call(method, path, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}
type Service = { service: { id: string; status: string } };

/** Jobs of the queue each server ran, by outcome, from its own metrics. */
async function jobRuns(server: ServerProcess, queue: string, outcome: string): Promise<number> {
  const text = await (await fetch(server.metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('keydeck_jobs_total{') && l.includes(`queue="${queue}"`) && l.includes(`outcome="${outcome}"`));
  return Number(line?.slice(line.lastIndexOf(' ') + 1) ?? 0);
}

describe('three servers behind HAProxy on one PostgreSQL', () => {
  it('serves one browser session from all three: sign-in, anti-forgery, a service session and its data, one limit, each job once', async () => {
    // Sign-in on one server, the anti-forgery token it set checked by the others.
    await browser.call('GET', ApiPath.login);
    const signIn = await browser.call('POST', ApiPath.login, ADMIN);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const forged = await Promise.all([1, 2, 3].map(() => browser.call('POST', ApiPath.roles, { roles: [{ name: 'Forged', permissions: [] }] }, { csrf: false })));
    expect(forged.map((a) => a.status)).toEqual([403, 403, 403]);

    // Three services requested and approved at once: three provisioning jobs for three polling servers.
    const catalogue = await call<{ service_locations: { id: string }[]; environments: string[] }>('GET', `${ApiPath.services}?page_size=99`);
    const order = (name: string) => ({ type: 'cryptoverse', name, location: catalogue.service_locations[0]!.id, environment: catalogue.environments[0] });
    const ids: string[] = [];
    for (const name of ['Cluster A', 'Cluster B', 'Cluster C']) ids.push((await call<Service>('POST', ApiPath.services, order(name))).service.id);
    await call('PUT', ApiPath.adminServices, { services: ids.map((id) => ({ id, action: 'approve' })) });
    for (const id of ids) await until(`service ${id} provisioned`, async () => ((await call<Service>('GET', `${ApiPath.service}?id=${id}`)).service.status === 'Enabled' ? true : undefined));
    // Each ran once: one run counted by all three servers together, one audit event and one job attempt per service.
    const runs = await Promise.all(servers.map((s) => jobRuns(s, 'service-provisioning', 'done')));
    expect(runs.reduce((a, b) => a + b)).toBe(3);
    expect(await Promise.all(servers.map((s) => jobRuns(s, 'service-provisioning', 'failed')))).toEqual([0, 0, 0]);
    const provisioned = await database.query(`select target, count(*)::int as n from audit_events where action = 'service.provisioned' group by target order by target`);
    expect(provisioned.rows).toEqual(['Cluster A', 'Cluster B', 'Cluster C'].map((target) => ({ target, n: 1 })));
    const jobs = await database.query(`select state, retry_count from pgboss.job where name = 'service-provisioning'`);
    expect(jobs.rows).toEqual(Array(3).fill({ state: 'completed', retry_count: 0 }));

    // A service session opened on one server serves the service's data from every one.
    await call('PUT', ApiPath.services, { service_id: ids[0] });
    await call('POST', ApiPath.serviceLogin.replace(':service_id', ids[0]!));
    expect(failed(await underLoad('Steady', 20))).toEqual([]);
    for (const server of servers) {
      expect(answered(server, isPath(ApiPath.serviceUserGroupCurrent)), server.address).toBeGreaterThan(0);
      expect(answered(server, (req, line) => req.method === 'POST' && isPath(ApiPath.roles)(req) && line.accountId !== undefined), server.address).toBeGreaterThan(0);
    }

    // The sign-in limit counts a browser's attempts on every server together (its address from X-Forwarded-For).
    const other = new HttpBrowser(haproxy.origin, '127.0.0.9');
    await other.call('GET', ApiPath.login);
    const attempts: number[] = [];
    for (let i = 0; i <= LOGIN_RATE_LIMIT; i++) attempts.push((await other.call('POST', ApiPath.login, ADMIN)).status);
    other.close();
    expect(attempts).toEqual([...Array(LOGIN_RATE_LIMIT).fill(200), 429]);
    const signInsFrom = (server: ServerProcess) => answered(server, (req) => req.method === 'POST' && isPath(ApiPath.login)(req) && req.remoteAddress === '127.0.0.9');
    expect(servers.map(signInsFrom).every((n) => n > 0 && n < LOGIN_RATE_LIMIT)).toBe(true);
  });

  it('carries a security key challenge and an OAuth authorization from the server that began it to the next', async () => {
    const origin = haproxy.origin;
    // A security key registered: the challenge set by one server, the answer checked by the next.
    const authenticator = new SoftAuthenticator();
    const { options } = await call<{ options: { challenge: string; rp: { id?: string } } }>('POST', ApiPath.securityKeyRegisterBegin);
    await call('POST', ApiPath.securityKeyRegisterComplete, { name: 'Cluster key', credential: authenticator.create(options, origin) });
    const [registerBegun] = receivedBy(isPath(ApiPath.securityKeyRegisterBegin));
    const [registered] = receivedBy(isPath(ApiPath.securityKeyRegisterComplete));
    expect(registered).not.toBe(registerBegun);

    // A second sign-in owes that key: its assertion's challenge travels between servers as well.
    const second = new HttpBrowser(origin, '127.0.0.10');
    await second.call('GET', ApiPath.login);
    const password = await second.call('POST', ApiPath.login, ADMIN);
    expect(password.body).toMatchObject({ auth_info: { fully_logged_in: false, next_factor: 'u2f' } });
    const begun = await second.call('POST', ApiPath.u2fAuthenticateBegin);
    const { u2f_data } = begun.body as { u2f_data: string };
    const done = await second.call('POST', ApiPath.u2fAuthenticateComplete, { u2f_data: authenticator.get(u2f_data, origin) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ auth_info: { fully_logged_in: true } });
    const [assertionBegun] = receivedBy(isPath(ApiPath.u2fAuthenticateBegin));
    const [asserted] = receivedBy(isPath(ApiPath.u2fAuthenticateComplete));
    expect(asserted).not.toBe(assertionBegun);

    // An application's authorization code flow: begun on one server, allowed on another, resumed and redeemed on others.
    const [admin] = (await database.query(`select id, account_id from users where username = $1`, [ADMIN.username])).rows as { id: string; account_id: string }[];
    const CALLBACK = 'http://127.0.0.1:9/callback';
    const { data: client } = await call<{ data: { client: { id: string }; client_secret: string } }>('POST', ApiPath.oauthClients.replace(':account_id', admin!.account_id), {
      name: 'Cluster partner',
      type: 'confidential',
      owner_user_id: admin!.id,
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code'],
      scopes: [Permission.servicesRead],
    });
    const rp = await oidc.discovery(new URL(`${origin}/oauth2`), client.client.id, undefined, oidc.ClientSecretBasic(client.client_secret), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const start = oidc.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: `openid ${Permission.servicesRead}`,
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    /** Follows redirects as a browser does, until the application's callback or a page. */
    const follow = async (url: string): Promise<URL> => {
      let current = new URL(url, origin);
      for (let hop = 0; hop < 10 && !current.href.startsWith(CALLBACK); hop++) {
        const location = (await browser.call('GET', current.pathname + current.search)).headers.location;
        if (!location) return current;
        current = new URL(location, current);
      }
      return current;
    };
    const consentPage = await follow(start.href);
    expect(consentPage.pathname).toBe('/oauth/authorize');
    const uid = consentPage.searchParams.get('uid')!;
    const { location } = await call<{ location: string }>('POST', ApiPath.oauthInteractionAllow.replace(':uid', uid), {});
    const callback = await follow(location);
    const tokens = await oidc.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const listed = await fetch(`${origin}${ApiPath.services}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(listed.status).toBe(200);
    const steps = [
      receivedBy((req) => req.url.startsWith('/oauth2/auth?')),
      receivedBy(isPath(ApiPath.oauthInteractionAllow.replace(':uid', uid))),
      receivedBy((req) => req.url.startsWith(`/oauth2/auth/${uid}`)),
      receivedBy(isPath('/oauth2/token')),
    ].map((received) => received.at(-1));
    // Each step on another server than the step before: each found what the one before stored.
    expect(steps.every((server) => server !== undefined)).toBe(true);
    expect(steps.slice(1).filter((server, i) => server === steps[i]), `the steps' servers: ${steps.join()}`).toEqual([]);
  });

  it('loses no acknowledged write and fails no read when a server is killed under load', async () => {
    const [killed] = servers;
    const outcomes = await underLoad('Killed', 40, { tick: 10, run: () => killed!.kill('SIGKILL') });
    expect(await killed!.exited).toBe(null);
    expect(failed(outcomes.filter((o) => !o.write))).toEqual([]);
    // A write whose server died under it may be lost or done, and HAProxy never sends it again: it answers 502, or
    // closes a kept-alive connection unanswered (status 0) as the server did. No write fails otherwise.
    const unanswered = failed(outcomes.filter((o) => o.write));
    expect(unanswered.filter((o) => o.status !== 502 && o.status !== 0)).toEqual([]);
    expect(unanswered.length).toBeLessThanOrEqual(3);
    const acknowledged = outcomes.filter((o) => o.write && o.status === 201).map((o) => o.role);
    const stored = await database.query(`select name from roles where name like 'Killed %'`);
    expect(stored.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(acknowledged));
    expect(acknowledged.length).toBeGreaterThan(30);
    await until('HAProxy seeing the killed server DOWN', async () => ((await haproxy.states()).keydeck1?.startsWith('DOWN') ? true : undefined));
  });

  it('fails no request while a server stops on SIGTERM: it leaves the rotation, drains and exits 0', async () => {
    const stopping = servers[1]!;
    let signalled = 0;
    const outcomes = await underLoad('Drained', 60, { tick: 10, run: () => ((signalled = Date.now()), stopping.kill('SIGTERM')) });
    expect(failed(outcomes)).toEqual([]);
    expect(await stopping.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(4_000);
    // It went on answering the load after the signal, until HAProxy's checks took it out.
    const log = stopping.log();
    const after = log.slice(log.findIndex((line) => line.msg === 'shutting down'));
    expect(after.some((line) => line.msg === 'request completed' && line.accountId !== undefined)).toBe(true);
    const stored = await database.query(`select count(*)::int as n from roles where name like 'Drained %'`);
    expect(stored.rows[0].n).toBe(60);
    // Every chain the three servers appended to, one killed mid-write, verifies under the shared audit key.
    const { chains } = await call<{ chains: { intact: boolean }[] }>('GET', `${ApiPath.auditVerify}?all=true`);
    expect(chains.length).toBeGreaterThan(0);
    expect(chains.filter((c) => !c.intact)).toEqual([]);
  });

  it("README's HAProxy excerpt is the configuration the test runs", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(['```haproxy', readFileSync(HAPROXY_CONFIG, 'utf8').trimEnd(), '```'].join('\n'));
  });
});
