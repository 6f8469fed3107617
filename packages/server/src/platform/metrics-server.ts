import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import client from 'prom-client';

/**
 * GET /metrics in Prometheus's text format on a port of its own (METRICS_PORT), so the console's port never
 * answers it: keep it on loopback or a private network. The primary of several workers answers for all of them
 * (prom-client asks each worker over the cluster channel and adds their figures up); a lone process for itself.
 */
export async function startMetricsServer(where: { host: string; port: number }): Promise<Server> {
  // Started by a primary only (main.ts): with workers it asks them, alone it answers its own registry.
  const aggregator = new client.AggregatorRegistry();
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    const metrics = hasWorkers() ? aggregator.clusterMetrics() : client.register.metrics();
    metrics.then(
      (text) => response.writeHead(200, { 'content-type': client.register.contentType }).end(text),
      () => response.writeHead(503, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return server;
}

/** Whether this process has workers (then they hold the figures). */
function hasWorkers(): boolean {
  return Object.keys(cluster.workers ?? {}).length > 0;
}
