import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTcpPort } from '../../test/free-port.ts';
import { ADMIN, createTestApp, Visitor, type TestApp } from '../../test/test-app.ts';

/** What an OTLP/HTTP receiver gets: the spans of each POST to /v1/traces (OTLP's JSON encoding). */
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: Record<string, unknown> }[] };
const received: OtlpSpan[] = [];
let receiver: Server;
let t: TestApp;

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const attribute = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        received.push(...body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freeTcpPort();
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

describe('OpenTelemetry traces over OTLP', () => {
  it("continue the caller's trace with a span per request, its statements inside it, and no value bound to them", async () => {
    const visitor = new Visitor(t.app);
    await visitor.get('/rest/api/v1/login');
    const signIn = await visitor.call({
      method: 'POST',
      url: '/rest/api/v1/login',
      payload: ADMIN,
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(signIn.statusCode).toBe(200);
    // Closing flushes what the batch holds to the receiver.
    await t.close();

    const request = received.find((span) => span.traceId === TRACE_ID && span.name === 'POST /rest/api/v1/login');
    expect(request, JSON.stringify(received.map((s) => s.name))).toBeDefined();
    expect(request!.parentSpanId).toBe(CALLER_SPAN);
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    expect(String(attribute(request!, 'keydeck.request_id'))).toMatch(/^[0-9a-f-]{36}$/);

    const statements = received.filter((span) => span.traceId === TRACE_ID && span.name === 'db.query');
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.every((span) => String(attribute(span, 'db.query.text')).length > 0)).toBe(true);
    expect(JSON.stringify(received)).not.toContain(ADMIN.password);
  });
});
