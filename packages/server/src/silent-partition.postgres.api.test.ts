import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFreezableProxy, type FreezableProxy } from '../test/freezable-proxy.ts';
import { HttpBrowser, type Answer } from '../test/http-browser.ts';
import { databaseWithTwoLogins } from '../test/postgres-server.ts';
import { startReplicatedPostgres, type ReplicatedPostgres } from '../test/postgres-replication.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { ADMIN } from '../test/test-app.ts';

/**
 * One Keydeck server (the built one: npm run build first) whose DATABASE_URL names the primary through a TCP proxy,
 * then the standby. The proxy freezes as a network partition does: the server's sockets stay open and hear nothing,
 * no FIN, no RST, where a crash (failover.postgres.api.test.ts) closes them. The standby is promoted meanwhile.
 */
const STATEMENT_TIMEOUT_SECONDS = 2;
/** pg's connection timeout, a host (database.ts): what a new connection into the partition, or a wait for the pool, costs. */
const CONNECTION_TIMEOUT_MS = 5_000;
/** The longer of the two waits, and a margin for a busy machine. Without the statement timeout, requests hang for minutes. */
const ANSWER_BOUND_MS = Math.max(STATEMENT_TIMEOUT_SECONDS * 1000, CONNECTION_TIMEOUT_MS) + 1_500;
const TICK_MS = 250;
/** Ticks of steady load before the partition, and between it and the promotion. */
const BEFORE_FREEZE = 8;
const FROZEN_BEFORE_PROMOTION = 16;
/** The load goes on this many ticks after the first read served by the new primary; never past MAX_TICKS. */
const AFTER_RECOVERY = 8;
const MAX_TICKS = 100;

let replicated: ReplicatedPostgres;
let proxy: FreezableProxy;
let server: ServerProcess;
let ownerDatabase: string;
let browser: HttpBrowser;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  replicated = await startReplicatedPostgres();
  const primary = new URL(replicated.primaryUrl);
  proxy = await startFreezableProxy({ host: primary.hostname, port: Number(primary.port) });
  const { ownerUrl, servingUrl } = await databaseWithTwoLogins(replicated.primaryUrl);
  ownerDatabase = new URL(ownerUrl).pathname.slice(1);
  // The primary through the proxy, then the standby: the URL an operator configures, the partition in between.
  const throughProxy = (singleHostUrl: string) => {
    const url = new URL(singleHostUrl);
    const standby = new URL(replicated.standbyUrl).host;
    return `postgres://${url.username}:${url.password}@${proxy.address},${standby}${url.pathname}?target_session_attrs=read-write`;
  };
  server = await startServerProcess({
    DATABASE_URL: throughProxy(servingUrl),
    MIGRATION_DATABASE_URL: throughProxy(ownerUrl),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: String(STATEMENT_TIMEOUT_SECONDS),
    WORKERS: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '1000',
  });
  for (const end = Date.now() + 40_000; ; await pause(100)) {
    if (await fetch(`http://${server.address}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > end) throw new Error(`the server not ready within 40 s\n${server.output().slice(-3000)}`);
  }
  browser = new HttpBrowser(`http://${server.address}`);
  await browser.call('GET', ApiPath.login);
  const signIn = await browser.call('POST', ApiPath.login, ADMIN);
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
}, 60_000);
afterAll(async () => {
  browser?.close();
  server?.remove();
  await proxy?.close();
  replicated?.stop();
});

type Outcome = Answer & { kind: 'read' | 'ready'; sentAt: number; answeredAt: number };

describe('PostgreSQL lost without a word: a partition between the server and its primary', () => {
  it('answers every request within the bound (503 with Retry-After), then finds the promoted standby by itself', async () => {
    const calls: Promise<Outcome>[] = [];
    let frozenAt = 0;
    let promotedAt = 0;
    let recoveredTick = Infinity;
    let tick = 0;
    const timed = (kind: Outcome['kind'], work: () => Promise<Answer>) => {
      const sentAt = Date.now();
      const outcome = work().then((answer): Outcome => ({ ...answer, kind, sentAt, answeredAt: Date.now() }));
      calls.push(
        outcome.then((o) => {
          if (recoveredTick === Infinity && promotedAt && o.kind === 'read' && o.status === 200 && o.sentAt > promotedAt) recoveredTick = tick;
          return o;
        }),
      );
    };
    for (; tick < MAX_TICKS && tick < recoveredTick + AFTER_RECOVERY; tick++) {
      if (tick === BEFORE_FREEZE) {
        proxy.freeze();
        frozenAt = Date.now();
      }
      if (tick === BEFORE_FREEZE + FROZEN_BEFORE_PROMOTION) {
        replicated.promoteStandby();
        promotedAt = Date.now();
      }
      // Two signed-in reads (each a session look-up, then a transaction) and the load balancer's readiness check.
      timed('read', () => browser.call('GET', `${ApiPath.roles}?page_size=5`));
      timed('read', () => browser.call('GET', `${ApiPath.roles}?page_size=5&page=2`));
      timed('ready', () => fetch(`http://${server.address}/readyz`).then((r) => ({ status: r.status, body: null, headers: {} })));
      await pause(TICK_MS);
    }
    const outcomes = await Promise.all(calls);
    const reads = outcomes.filter((o) => o.kind === 'read');
    expect(recoveredTick, 'a read served after the promotion').toBeLessThan(MAX_TICKS);

    // (a) Every request answered, within the bound: a success or a 503 with Retry-After, never a 500, none hanging.
    expect(reads.filter((o) => o.status !== 200 && (o.status !== 503 || !o.headers['retry-after']))).toEqual([]);
    const slowest = Math.max(...outcomes.map((o) => o.answeredAt - o.sentAt));
    expect(slowest).toBeLessThan(ANSWER_BOUND_MS);
    const beforeFreeze = reads.filter((o) => o.answeredAt < frozenAt);
    expect(beforeFreeze.length).toBeGreaterThan(BEFORE_FREEZE);
    expect(beforeFreeze.filter((o) => o.status !== 200)).toEqual([]);
    // Nothing could serve between the partition and the promotion: reads sent then were refused (or served once the
    // standby was promoted and found), readiness went 503.
    const intoPartition = outcomes.filter((o) => o.sentAt > frozenAt && o.sentAt < promotedAt);
    expect(intoPartition.filter((o) => o.status === 200 && o.answeredAt < promotedAt)).toEqual([]);
    expect(intoPartition.filter((o) => o.kind === 'read' && o.status === 503).length).toBeGreaterThan(4);
    expect(intoPartition.filter((o) => o.kind === 'ready').map((o) => o.status)).toContain(503);
    // Statements sent into the partition were given up at the bound: the logged cause of the refusals.
    expect(server.output()).toContain('"type":"StatementTimeout"');

    // (b) The same process, never restarted, serves from the promoted standby: reads, readiness and a write.
    expect(await Promise.race([server.exited.then(() => 'exited'), pause(0).then(() => 'running')])).toBe('running');
    expect(new Set(server.log().map((line) => line.pid)).size).toBe(1);
    const recovered = outcomes.filter((o) => o.sentAt > promotedAt && o.status === 200 && o.kind === 'read');
    const afterRecovery = outcomes.filter((o) => o.sentAt > recovered[0]!.answeredAt);
    expect(afterRecovery.length).toBeGreaterThan(AFTER_RECOVERY);
    expect(afterRecovery.filter((o) => o.status !== 200)).toEqual([]);
    const write = await browser.call('POST', ApiPath.roles, { roles: [{ name: 'After the partition', permissions: [Permission.auditRead] }] });
    expect(write.status).toBe(201);
    const newPrimary = new pg.Client({ connectionString: `${replicated.standbyUrl}/${ownerDatabase}` });
    await newPrimary.connect();
    try {
      expect((await newPrimary.query(`select 1 from roles where name = 'After the partition'`)).rowCount).toBe(1);
    } finally {
      await newPrimary.end();
    }
  }, 60_000);
});
