import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from './metrics.ts';

/**
 * Counts and times every answer by its route's pattern (`/rest/api/v1/service/device/:id`), never the URL it was
 * called with: ids and query strings would make a series per call. What matched no route counts as `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
