import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiPath, CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTcpPort } from '../test/free-port.ts';
import { ADMIN, freshPostgresDatabase } from '../test/test-app.ts';

/** WORKERS server processes on one port, started as an operator starts the built server (npm run build first). */
const MAIN = new URL('../dist/main.js', import.meta.url).pathname;
if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);

let primary: ChildProcess;
let origin: string;
let metricsUrl: string;
let dataDir: string;
let output = '';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The primary's worker processes, from /proc: a replacement shows up with a new pid. */
const workers = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(primary.pid);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number)
    .sort();
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await pause(200)) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${ms} ms\n${output.slice(-2000)}`);
}

beforeAll(async () => {
  const databaseUrl = await freshPostgresDatabase();
  if (!databaseUrl) throw new Error('workers.postgres.api.test.ts needs the test PostgreSQL');
  dataDir = mkdtempSync(join(tmpdir(), 'keydeck-workers-'));
  const port = await freeTcpPort();
  origin = `http://127.0.0.1:${port}`;
  const metricsPort = await freeTcpPort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  primary = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      WORKERS: '2',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: '/nonexistent',
      LOGIN_RATE_LIMIT: '1000',
      METRICS_PORT: String(metricsPort),
      SHUTDOWN_DRAIN_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  primary.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  await until('two workers listening', () => (output.includes('2 workers listening') ? true : undefined));
}, 90_000);
afterAll(() => {
  if (primary.exitCode === null) primary.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The processes whose log says they answered a request (each worker logs JSON lines with its pid). */
const answeredBy = () =>
  [
    ...new Set(
      output
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes('"msg":"request completed"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    ),
  ].sort();

/** A signed-in browser's calls: the session cookie and the anti-forgery echo, whichever worker answers. */
async function signIn() {
  // As a browser: the first call sets the anti-forgery cookie, sign-in echoes it and gets the session.
  const cookies = new Map<string, string>();
  const keep = (res: Response) => res.headers.getSetCookie().forEach((c) => cookies.set(c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1).split(';')[0]!));
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`${origin}${ApiPath.login}`));
  const res = await fetch(`${origin}${ApiPath.login}`, {
    method: 'POST',
    headers: { cookie: header(), [CSRF_HEADER]: cookies.get(CSRF_COOKIE)!, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.text()).toBe(200);
  keep(res);
  return { cookie: header(), csrf: cookies.get(CSRF_COOKIE)! };
}

describe('WORKERS server processes on one port', () => {
  it('serves a signed-in browser from every worker, and replaces a worker that dies without failing the others', async () => {
    const started = workers();
    expect(started).toHaveLength(2);
    const { cookie, csrf } = await signIn();
    const session = () => fetch(`${origin}${ApiPath.login}`, { headers: { cookie } }).then((res) => res.status);
    // The primary hands connections round-robin: 20 fresh connections reach both workers, each knowing the session.
    expect(await Promise.all(Array.from({ length: 20 }, session))).toEqual(Array(20).fill(200));
    expect(answeredBy()).toEqual(started);
    // Each line of a signed-in request's log names the request and the account it acted for.
    const completed = output.split('\n').filter((line) => line.includes('"msg":"request completed"'));
    expect(completed.at(-1)).toMatch(/"reqId":"[0-9a-f-]{36}".*"accountId":"[0-9a-f-]{36}"/);
    const role = await fetch(`${origin}${ApiPath.roles}`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ roles: [{ name: 'Workers check', permissions: [Permission.auditRead] }] }),
    });
    expect(role.status, await role.text()).toBe(201);

    process.kill(started[0]!, 'SIGKILL');
    const replaced = await until('a replacement worker', () => {
      const now = workers();
      return now.length === 2 && !now.includes(started[0]!) ? now : undefined;
    });
    expect(replaced).toContain(started[1]);
    await until('the replacement listening', () => (output.includes('listening in its place') ? true : undefined));
    expect(await Promise.all(Array.from({ length: 20 }, session))).toEqual(Array(20).fill(200));
  });

  it("serves every worker's metrics, added up, from the primary on the metrics port", async () => {
    const { cookie } = await signIn();
    const metric = async () => {
      const text = await (await fetch(metricsUrl)).text();
      const line = text.split('\n').find((l) => l.startsWith('keydeck_http_requests_total{') && l.includes(`route="${ApiPath.login}"`) && l.includes('method="GET"') && l.includes('status="200"'));
      return { text, served: Number(line?.slice(line.lastIndexOf(' ') + 1) ?? 0) };
    };
    const before = await metric();
    await Promise.all(Array.from({ length: 20 }, () => fetch(`${origin}${ApiPath.login}`, { headers: { cookie } })));
    const after = await metric();
    // Both workers answered some of the 20: only the sum of both counts them all.
    expect(after.served - before.served).toBe(20);
    expect(after.text).toMatch(/^keydeck_db_pool_connections\{state="total"\} [1-9]/m);
    expect(after.text).toMatch(/^keydeck_process_resident_memory_bytes [1-9]/m);
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });

  it('on SIGTERM answers /readyz 503 while it still serves, then stops every worker and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    const before = workers();
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    primary.kill('SIGTERM');
    // Within the 2 s drain: the load balancer's check fails, a request already routed here is still answered.
    await until('/readyz answering 503', async () => ((await fetch(`${origin}/readyz`)).status === 503 ? true : undefined), 1_500);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect(await exited, output.slice(-3000)).toBe(0);
    expect(before.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  });
});
