import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTcpPort } from '../../test/free-port.ts';
import { ADMIN, createTestApp, Visitor, type TestApp } from '../../test/test-app.ts';
import { startMetricsServer } from './metrics-server.ts';

let t: TestApp;
let server: Server;
let metricsUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  const port = await freeTcpPort();
  server = await startMetricsServer({ host: '127.0.0.1', port });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** What Prometheus would read: the text format, scraped over HTTP. */
async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The sum of a metric's series whose labels include all of `labels` (0 when there is none yet). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('GET /metrics on the metrics port', () => {
  it('counts answers by route pattern and status, never by the URL called', async () => {
    const route = t.app.routeCatalog.find((r) => r.method === 'GET' && r.url.startsWith('/rest/') && r.url.includes('/:'))!.url;
    const id = '3f6b1c52-8d0e-4a57-b1c9-6a1d2e7f9a10';
    const before = await scrape();
    const visitor = new Visitor(t.app);
    const answered = await visitor.get(route.replace(/:\w+/g, id));
    const after = await scrape();

    const labels = { method: 'GET', route, status: String(answered.statusCode) };
    expect(valueOf(after, 'keydeck_http_requests_total', labels) - valueOf(before, 'keydeck_http_requests_total', labels)).toBe(1);
    expect(valueOf(after, 'keydeck_http_request_duration_seconds_count', labels)).toBeGreaterThan(0);
    expect(after).not.toContain(id);
  });

  it('counts sign-ins by outcome and the attempts a rate limit refused', async () => {
    const before = await scrape();
    const visitor = new Visitor(t.app);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await visitor.signIn(ADMIN.username, `wrong-${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    const elsewhere = new Visitor(t.app);
    await elsewhere.get('/rest/api/v1/login');
    expect((await elsewhere.call({ method: 'POST', url: '/rest/api/v1/login', payload: ADMIN, remoteAddress: '192.0.2.7' })).statusCode).toBe(200);
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('keydeck_audit_events_total', { action: 'auth.login', outcome: 'refused' })).toBe(4);
    expect(delta('keydeck_audit_events_total', { action: 'auth.login', outcome: 'success' })).toBe(1);
    expect(delta('keydeck_rate_limited_total', { limit: 'login' })).toBe(1);
    expect(delta('keydeck_db_query_duration_seconds_count', { outcome: 'success' })).toBeGreaterThan(0);
  });

  it('still answers, at once, when a database is gone', async () => {
    const gone = await createTestApp();
    try {
      await gone.database.close();
      const started = Date.now();
      expect(await scrape()).toContain('keydeck_http_requests_total');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await gone.app.close().catch(() => undefined);
    }
  });

  it('answers nothing else, and the console port does not serve it', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    const onConsole = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(onConsole.body).not.toContain('keydeck_http_requests_total');
  });
});
