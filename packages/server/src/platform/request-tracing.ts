import { context, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failed, startServerSpan } from './tracing.ts';

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request, continuing the caller's trace (W3C traceparent), with the request id as an attribute;
 * everything the request does after this hook (statements, jobs it queues, outbound calls) runs inside it. Named by
 * the route's pattern once it is known, never by the URL. Registered first, so every other hook runs inside it.
 */
export function registerRequestTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const started = startServerSpan(request.method, request.headers, { 'http.request.method': request.method, 'keydeck.request_id': request.id });
    if (!started) return done();
    spans.set(request, started.span);
    context.with(started.context, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const route = request.routeOptions.url;
      if (route) span.updateName(`${request.method} ${route}`).setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) failed(span, new Error(`HTTP ${reply.statusCode}`));
      span.end();
    }
    done();
  });
}
