import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

/**
 * OpenTelemetry traces: requests, database statements, background jobs and outbound calls. Exported over OTLP/HTTP
 * (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT's /v1/traces when it is set (the exporter reads the other OTEL_EXPORTER_OTLP_*
 * settings, such as headers, itself); otherwise nothing is registered, every helper here returns at its first line
 * and no span object is made.
 */
const tracer = trace.getTracer('keydeck');
let enabled = false;

/** Starts the exporter when an endpoint is set; resolves the way to flush and stop it (a no-op when unset). */
export async function startTracing(endpoint: string | undefined, version: string): Promise<() => Promise<void>> {
  if (!endpoint || enabled) return async () => {};
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'keydeck', 'service.version': version }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  // The global provider, the AsyncLocalStorage context (so a statement's span nests in its request's) and W3C headers.
  provider.register();
  enabled = true;
  return async () => {
    enabled = false;
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/** Runs work in a span of its own, made the active one, ended when work settles (an error marks it failed). */
export async function inSpan<T>(name: string, kind: SpanKind, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for work the caller ends (an HTTP request), under the context its W3C headers carry; null when off. */
export function startServerSpan(name: string, headers: Record<string, unknown>, attributes: Attributes): { span: Span; context: Context } | null {
  if (!enabled) return null;
  const parent = propagation.extract(context.active(), headers);
  const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** The active trace's id, for the log line being written. */
export function activeTraceId(): string | undefined {
  return enabled ? trace.getActiveSpan()?.spanContext().traceId : undefined;
}

/** The W3C trace headers of the active span, for an outgoing HTTP request. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (enabled) propagation.inject(context.active(), headers);
  return headers;
}

/** A database statement's span: its text, which holds placeholders, never the values bound to them. */
export function inStatementSpan<T>(text: string, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  return inSpan('db.query', SpanKind.CLIENT, { 'db.system.name': 'postgresql', 'db.query.text': text }, work);
}

export function failed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
}

export { SpanKind };
