import { ApiPath } from '@keydeck/contract/http';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { syslogConfigResponse, syslogConfigsPage, type SyslogConfig } from '@keydeck/contract/syslog';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { startRsyslog, waitFor, type Rsyslog } from '../../../test/rsyslog.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Db } from '../../db/database.ts';
import { start } from '../../start.ts';
import { startMetricsServer } from '../../platform/metrics-server.ts';
import { freeTcpPort } from '../../../test/free-port.ts';

let t: TestApp;
let rsyslog: Rsyslog;
let metrics: { url: string; close(): Promise<void> };
const tmp = mkdtempSync(join(tmpdir(), 'keydeck-syslog-test-'));

const configs = (accountId: string) => `/rest/api/v1/accounts/${accountId}/syslog-configs`;

/** An account with an administrator (signed in) and a user whose failed sign-ins make audit events. */
async function tenant(app: FastifyInstance, db: Db, slug: string) {
  const seeded = await seedAccount(db, slug, [{ username: `${slug}-admin`, roleNames: [ROLE.admin] }, { username: `${slug}-user` }]);
  const admin = new Visitor(app);
  expect((await admin.signIn(`${slug}-admin`, PASSWORD)).statusCode).toBe(200);
  return {
    accountId: seeded.accountId,
    admin,
    async addServer(fields: Record<string, unknown>): Promise<SyslogConfig> {
      const res = await admin.post(configs(seeded.accountId), { name: `${slug} server`, host: '127.0.0.1', ...fields });
      expect(res.statusCode).toBe(201);
      return syslogConfigResponse.parse(res.json()).syslog_config;
    },
    async config(id: string): Promise<SyslogConfig> {
      return syslogConfigsPage.parse((await admin.get(configs(seeded.accountId))).json()).data.find((c) => c.id === id)!;
    },
    /** Audit events made the way a user makes them: refused sign-ins. */
    async failSignIns(count: number) {
      // Each from an address of its own, so that sign-in throttling does not slow them down.
      for (let i = 0; i < count; i++) {
        const visitor = new Visitor(app);
        await visitor.get('/rest/api/v1/login');
        const payload = { username: `${slug}-user`, password: 'wrong password' };
        const res = await visitor.call({ method: 'POST', url: '/rest/api/v1/login', payload, remoteAddress: `198.51.100.${(i % 250) + 1}` });
        expect(res.statusCode).toBe(401);
      }
    },
  };
}

/**
 * Request ids of the account's audit events that no received message carries yet, from the creation of its
 * (last) enabled syslog server on: events recorded before a server existed are not forwarded to it.
 */
async function undelivered(db: Db, accountId: string, received: () => string): Promise<string[]> {
  const events = await queryRows<{ request_id: string }>(
    db,
    sql`select request_id from audit_events where account_id = ${accountId} and id >= (
      select max(id) from audit_events where account_id = ${accountId} and action = 'syslog.create' and outcome = 'success')
    order by id`,
  );
  const text = received();
  return events.map((e) => e.request_id).filter((id) => !text.includes(`request_id="${id}"`));
}

async function allDelivered(db: Db, accountId: string, received: () => string, timeoutMs = 20_000) {
  let missing: string[] = [];
  await waitFor(
    async () => (missing = await undelivered(db, accountId, received)).length === 0,
    timeoutMs,
    () => `events ${missing.join(', ')} to arrive`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  rsyslog = await startRsyslog();
  const port = await freeTcpPort();
  const server = await startMetricsServer({ host: '127.0.0.1', port });
  metrics = { url: `http://127.0.0.1:${port}/metrics`, close: () => new Promise((resolve) => server.close(() => resolve())) };
  await allowLoopback(t.app);
});

/** The test receivers listen on loopback, which the egress policy closes until a platform administrator opens it. */
async function allowLoopback(app: FastifyInstance) {
  const platform = new Visitor(app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  expect((await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1/32'] } })).statusCode).toBe(200);
}
/** What Prometheus reads as the forwarding lag: the oldest waiting event's age in seconds. */
async function forwardingLag(): Promise<number> {
  const text = await (await fetch(metrics.url)).text();
  const line = text.split('\n').find((l) => l.startsWith('keydeck_syslog_forwarding_lag_seconds '));
  return Number(line?.split(' ')[1]);
}

afterAll(async () => {
  await metrics?.close();
  await t?.close();
  await rsyslog?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('syslog delivery to rsyslog', () => {
  it('sends a test message over UDP and TCP, and reports a refused connection', async () => {
    const a = await tenant(t.app, t.database.db, 'testmsg');
    for (const [protocol, port] of [['udp', rsyslog.udpPort], ['tcp', rsyslog.tcpPort]] as const) {
      const config = await a.addServer({ name: `probe-${protocol}`, port, protocol, enabled: false });
      const res = await a.admin.post(`${configs(a.accountId)}/${config.id}/test`);
      expect(res.statusCode).toBe(200);
      expect(res.json().test_result).toMatchObject({ delivered: true, error: null });
      await waitFor(() => rsyslog.received().includes(`config="probe-${protocol}"`), 10_000, () => `the ${protocol} test message`);
    }
    const line = rsyslog.received().split('\n').find((l) => l.includes('config="probe-tcp"'))!;
    expect(line).toMatch(/^<110>1 \S+ \S+ keydeck \d+ syslog\.test \[keydeck@32473 request_id="[^"]+" config="probe-tcp" actor="testmsg-admin"\]/);

    const closed = await a.addServer({ name: 'nobody home', port: 9, protocol: 'tcp', enabled: false });
    const res = await a.admin.post(`${configs(a.accountId)}/${closed.id}/test`);
    expect(res.json().test_result).toMatchObject({ delivered: false, error: 'Connection refused by 127.0.0.1:9' });
    // UDP has no connection, but the receiver's absence still comes back (ICMP port unreachable).
    const closedUdp = await a.addServer({ name: 'nobody home on udp', port: 9, protocol: 'udp', enabled: false });
    const udp = await a.admin.post(`${configs(a.accountId)}/${closedUdp.id}/test`);
    expect(udp.json().test_result).toMatchObject({ delivered: false, error: 'Connection refused by 127.0.0.1:9' });
  });

  it('records an undelivered test message as a failure, with its reason', async () => {
    const a = await tenant(t.app, t.database.db, 'testfail');
    const closed = await a.addServer({ name: 'nobody listens', port: 9, protocol: 'tcp', enabled: false });
    expect((await a.admin.post(`${configs(a.accountId)}/${closed.id}/test`)).statusCode).toBe(200);
    const events = await queryRows(t.database.db, sql`select outcome, reason, target_name from audit_events where action = 'syslog.test' and target = ${closed.id}`);
    expect(events).toEqual([{ outcome: 'failure', reason: 'Connection refused by 127.0.0.1:9', target_name: 'nobody listens' }]);
  });

  it('forwards every audit event of the account over UDP and over TCP', async () => {
    for (const protocol of ['udp', 'tcp'] as const) {
      const a = await tenant(t.app, t.database.db, `events-${protocol}`);
      const config = await a.addServer({ port: protocol === 'udp' ? rsyslog.udpPort : rsyslog.tcpPort, protocol, facility: 16 });
      await a.failSignIns(3);
      await allDelivered(t.database.db, a.accountId, rsyslog.received);
      const refused = rsyslog.received().split('\n').filter((l) => l.includes(`account_id="${a.accountId}"`) && l.includes('outcome="refused"'));
      expect(refused).toHaveLength(3);
      expect(refused[0]).toMatch(/^<132>1 .* keydeck \d+ auth\.login \[keydeck@32473 event_id="\d+" .*action="auth\.login" outcome="refused" actor="events-\w+-user"/);
      await waitFor(async () => (await a.config(config.id)).delivery.lag === 0, 10_000, () => 'lag 0');
      const status = (await a.config(config.id)).delivery;
      expect(status).toMatchObject({ state: 'ok', last_error: null, consecutive_failures: 0 });
      expect(status.last_delivered_event_id).toBeGreaterThan(0);
    }
  });

  it('keeps events while the receiver is down, shows lag and the error, and delivers them all after its restart', async () => {
    const a = await tenant(t.app, t.database.db, 'restart');
    const config = await a.addServer({ port: rsyslog.tcpPort, protocol: 'tcp' });
    await a.failSignIns(3);
    await allDelivered(t.database.db, a.accountId, rsyslog.received);

    await rsyslog.stop();
    await a.failSignIns(4);
    let status = (await a.config(config.id)).delivery;
    await waitFor(async () => (status = (await a.config(config.id)).delivery).state === 'failing', 10_000, () => 'a failed attempt');
    expect(status.lag).toBeGreaterThanOrEqual(4);
    expect(status.last_error).toBe(`Connection refused by 127.0.0.1:${rsyslog.tcpPort}`);
    expect(status.last_error_at).not.toBeNull();
    expect(Date.parse(status.next_attempt_at!)).toBeGreaterThan(Date.parse(status.last_error_at!));
    expect(await undelivered(t.database.db, a.accountId, rsyslog.received)).toHaveLength(status.lag);
    await waitFor(async () => (await forwardingLag()) >= 1, 10_000, () => 'the metric to show the waiting events\' age');

    await rsyslog.start();
    await a.failSignIns(2);
    await allDelivered(t.database.db, a.accountId, rsyslog.received, 30_000);
    await waitFor(async () => (status = (await a.config(config.id)).delivery).lag === 0, 10_000, () => 'lag 0');
    expect(status.state).toBe('ok');
    expect(await forwardingLag()).toBe(0);
  });

  it('loses no undelivered event when the server restarts', async () => {
    // A database that outlives the app: a PGlite data directory, or a database on the test PostgreSQL.
    const base = await createTestApp({ DATA_DIR: join(tmp, 'restart-db') });
    await base.close();
    const first = await start(base.config);
    await allowLoopback(first.app);
    const a = await tenant(first.app, first.database.db, 'durable');
    const config = await a.addServer({ port: rsyslog.tcpPort, protocol: 'tcp' });
    await rsyslog.stop();
    await a.failSignIns(3);
    expect((await a.config(config.id)).delivery.lag).toBeGreaterThanOrEqual(3);
    await first.app.close();

    await rsyslog.start();
    const second = await start(base.config);
    try {
      await allDelivered(second.database.db, a.accountId, rsyslog.received, 30_000);
    } finally {
      await second.app.close();
    }
  }, 90_000);
});

describe('syslog delivery over TLS', () => {
  let server: Server;
  let port: number;
  let cert: string;
  const frames: string[] = [];

  beforeAll(async () => {
    // rsyslog's TLS drivers come in a separate package; a node:tls receiver with a self-signed certificate stands in.
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(tmp, 'key.pem'), '-out', join(tmp, 'cert.pem'),
    ], { stdio: 'ignore', timeout: 30_000 });
    cert = readFileSync(join(tmp, 'cert.pem'), 'utf8');
    server = createServer({ key: readFileSync(join(tmp, 'key.pem')), cert }, (socket) => {
      let buffer = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (let space = buffer.indexOf(0x20); space > 0; space = buffer.indexOf(0x20)) {
          const length = Number(buffer.subarray(0, space).toString('ascii'));
          if (buffer.length < space + 1 + length) break;
          frames.push(buffer.subarray(space + 1, space + 1 + length).toString('utf8'));
          buffer = buffer.subarray(space + 1 + length);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('delivers test messages and audit events over TLS, trusting the configured certificate only', async () => {
    const a = await tenant(t.app, t.database.db, 'tls');
    const untrusted = await a.addServer({ name: 'untrusted', port, protocol: 'tls', enabled: false });
    const refused = (await a.admin.post(`${configs(a.accountId)}/${untrusted.id}/test`)).json().test_result;
    expect(refused.delivered).toBe(false);
    expect(refused.error).toMatch(/^TLS handshake with 127\.0\.0\.1:\d+ failed: self-signed certificate/);

    const trusted = await a.addServer({ name: 'trusted', port, protocol: 'tls', ca_certificate: cert });
    expect(trusted.ca_certificate).toBe(cert.trim());
    expect((await a.admin.post(`${configs(a.accountId)}/${trusted.id}/test`)).json().test_result.delivered).toBe(true);
    await a.failSignIns(2);
    await allDelivered(t.database.db, a.accountId, () => frames.join('\n'));
    expect(frames.some((f) => f.includes('config="trusted"'))).toBe(true);
  });
});
