import cluster from 'node:cluster';
import client from 'prom-client';

/**
 * What the server counts for Prometheus, in prom-client's process-wide registry (the one its cluster aggregation
 * reads: metrics-server.ts). Each metric is made once per process even when this module is evaluated again (the
 * tests' module isolation), since the registry refuses a second metric of one name. Labels are bounded: a route's
 * pattern, never its URL; an audit action, never its target.
 */
function once<T extends client.Metric>(name: string, make: (name: string) => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make(name);
}

const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = once('keydeck_http_requests_total', (name) => new client.Counter({ name, help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] }));
export const httpDuration = once('keydeck_http_request_duration_seconds', (name) => new client.Histogram({ name, help: 'Time to answer an HTTP request, by method, route pattern and status.', labelNames: ['method', 'route', 'status'], buckets: SECONDS_BUCKETS }));
export const dbQueryDuration = once('keydeck_db_query_duration_seconds', (name) => new client.Histogram({ name, help: 'Time of one database statement, by outcome.', labelNames: ['outcome'], buckets: SECONDS_BUCKETS }));
export const jobRuns = once('keydeck_jobs_total', (name) => new client.Counter({ name, help: 'Background jobs run, by queue and outcome (a failed job is retried).', labelNames: ['queue', 'outcome'] }));
export const jobDuration = once('keydeck_job_duration_seconds', (name) => new client.Histogram({ name, help: 'Time of one background job, by queue.', labelNames: ['queue'], buckets: SECONDS_BUCKETS }));
export const auditEventsAppended = once('keydeck_audit_events_total', (name) => new client.Counter({ name, help: 'Audit events appended, by action and outcome (sign-ins are auth.login and auth.openid.login).', labelNames: ['action', 'outcome'] }));
export const rateLimited = once('keydeck_rate_limited_total', (name) => new client.Counter({ name, help: 'Requests refused by a per-address rate limit (sign-in, password reset, sign-up, token), by limit.', labelNames: ['limit'] }));
export const keystoreOperations = once('keydeck_keystore_operations_total', (name) => new client.Counter({ name, help: 'Keystore operations, by keystore, operation and outcome.', labelNames: ['keystore', 'operation', 'outcome'] }));
export const provisionerHeartbeat = once('keydeck_provisioner_heartbeat_timestamp_seconds', (name) => new client.Gauge({ name, help: "Unix time of this machine's built-in cloud HSM provisioner's last successful heartbeat." }));
export const checkpointRound = once('keydeck_audit_checkpoint_round_timestamp_seconds', (name) => new client.Gauge({ name, help: "Unix time of this process's last completed audit checkpoint round (every AUDIT_CHECKPOINT_SECONDS)." }));
export const syslogDeliveries = once('keydeck_syslog_deliveries_total', (name) => new client.Counter({ name, help: 'Audit events forwarded to syslog destinations, by outcome (a failure is retried).', labelNames: ['outcome'] }));

/**
 * Adds the process's own figures (CPU, memory, event loop lag, garbage collection), once per process; a worker
 * also starts answering its primary's requests for its figures (prom-client listens once it is asked to aggregate).
 */
export function collectProcessMetrics(): void {
  if (client.register.getSingleMetric('keydeck_process_cpu_seconds_total')) return;
  client.collectDefaultMetrics({ prefix: 'keydeck_' });
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/** Counts for the pool and queue gauges, read when Prometheus scrapes. */
type Reader = () => Promise<Record<string, number>> | Record<string, number>;
const readers: { pool: Reader[]; queues: Reader[] } = { pool: [], queues: [] };

once('keydeck_db_pool_connections', (name) =>
  new client.Gauge({
    name,
    help: 'Database connections of this process, by state (total, idle, waiting: requests queued for one).',
    labelNames: ['state'],
    async collect() {
      this.reset();
      for (const counts of await readAll(readers.pool)) for (const [state, value] of Object.entries(counts)) this.inc({ state }, value);
    },
  }),
);
once('keydeck_job_queue_depth', (name) =>
  new client.Gauge({
    name,
    help: 'Background jobs waiting to run (created or waiting for a retry), by queue.',
    labelNames: ['queue'],
    async collect() {
      this.reset();
      for (const counts of await readAll(readers.queues)) for (const [queue, value] of Object.entries(counts)) this.set({ queue }, value);
    },
  }),
);

/** How long a scrape waits for a reader (the queue depth is a query): a database that does not answer must not hang it. */
const READ_TIMEOUT_MS = 1_000;

/** Every reader's counts; one that fails or does not answer in time is left out (its gauge then shows nothing). */
async function readAll(list: Reader[]): Promise<Record<string, number>[]> {
  const settled = await Promise.allSettled(
    list.map((read) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('metrics reader timed out')), READ_TIMEOUT_MS);
      });
      return Promise.race([Promise.resolve().then(read), late]).finally(() => clearTimeout(timer));
    }),
  );
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

/** Reports a connection pool's counts in keydeck_db_pool_connections; returns the way to stop. */
export function observePool(read: Reader): () => void {
  return observe(readers.pool, read);
}

/** Reports the job queues' depths in keydeck_job_queue_depth; returns the way to stop. */
export function observeQueues(read: Reader): () => void {
  return observe(readers.queues, read);
}

function observe(list: Reader[], read: Reader): () => void {
  list.push(read);
  return () => {
    const at = list.indexOf(read);
    if (at !== -1) list.splice(at, 1);
  };
}

/** Times a promise into a histogram with its outcome, without changing what it resolves or throws. */
export async function timed<T>(histogram: client.Histogram<'outcome'>, work: Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    const result = await work;
    end({ outcome: 'success' });
    return result;
  } catch (error) {
    end({ outcome: 'failure' });
    throw error;
  }
}
