import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { jobDuration, jobRuns, observeQueues } from './metrics.ts';
import { inSpan, SpanKind } from './tracing.ts';
import type { Database, Tx } from '../db/database.ts';

/**
 * How a queue retries a failed job: after retryDelaySeconds, doubling each time, at most retryLimit times.
 * expireInSeconds is the longest one attempt of its step may take: past it the attempt counts as failed.
 */
export type QueuePolicy = { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number };

export type JobQueueOptions = {
  /** Pause between polls of a worker that found nothing; a commit that queues work wakes this process's worker at once. */
  pollingIntervalSeconds: number;
  /**
   * A running job's lease: its process renews it every third of it while the job runs, so a job whose process is gone
   * (kill -9, a lost host) expires this long after the last renewal instead of after its step's whole expiry.
   */
  leaseSeconds: number;
  /** How often one of the processes fails the jobs whose lease ran out, which the queue then retries. */
  maintenanceIntervalSeconds: number;
};

export type JobQueue = {
  /** Installs or upgrades the queue's tables (once per database) and starts its maintenance. */
  start(log: FastifyBaseLogger): Promise<void>;
  /** Creates the queue (once per database) and runs handler for each of its jobs in whichever process fetches it first. */
  work<T extends object>(queue: string, policy: QueuePolicy, handler: (data: T, jobId: string) => Promise<void>): Promise<void>;
  /** Queues a job in the given transaction: rolled back with it, visible to workers only once it commits. */
  send(tx: Tx, queue: string, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
  /** Wakes this process's worker of the queue, instead of leaving the job to its next poll. */
  wake(queue: string): void;
  /** Stops fetching, lets running jobs and the queue's own queries finish, and leaves the database open. */
  stop(): Promise<void>;
};

/** Jobs waiting to run, by queue, for the metrics (pg-boss keeps them in its own schema). */
const QUEUE_DEPTH = `select name, count(*)::int as depth from pgboss.job where state in ('created', 'retry') group by name`;

const DEFAULT_OPTIONS: JobQueueOptions = { pollingIntervalSeconds: 2, leaseSeconds: 30, maintenanceIntervalSeconds: 10 };

/**
 * Renews a running job's lease: its expiry becomes the lease from now, never past the step's own expiry. pg-boss
 * keeps a job's expiry as started_on + expire_in; a job no longer active (done, failed, expired) is left alone.
 */
const RENEW_LEASE = `update pgboss.job set expire_in = least(make_interval(secs => $3), now() - started_on + make_interval(secs => $2))
  where name = $4 and id = $1 and state = 'active'`;

/**
 * Background jobs on pg-boss, in the application's own database: on PostgreSQL through the server's pool,
 * on embedded PGlite through its one connection (which runs a query only between transactions, so the
 * queue's polling cannot interleave with a request's work). Jobs survive restarts, and each is fetched by
 * one process only (SKIP LOCKED) when several share the database.
 */
export function createJobQueue(database: Database, overrides: Partial<JobQueueOptions> = {}): JobQueue {
  const options = { ...DEFAULT_OPTIONS, ...overrides };
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(database.executeSql(text, values)) },
    // Maintenance (expiry, archiving) runs; cron schedules are not used.
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  let log: FastifyBaseLogger | undefined;
  boss.on('error', (err) => log?.error({ err }, 'job queue error'));
  const workers = new Map<string, string>();
  let stopObserving = () => {};

  return {
    async start(logger) {
      log = logger;
      await boss.start();
      stopObserving = observeQueues(async () => {
        const { rows } = await database.executeSql(QUEUE_DEPTH, []);
        return Object.fromEntries((rows as { name: string; depth: number }[]).map((row) => [row.name, row.depth]));
      });
    },
    async work(queue, policy, handler) {
      const create = () =>
        boss.createQueue(queue, {
          name: queue,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: true,
          // The step's expiry: the worker also gives up on a handler that runs longer (pg-boss's own timeout).
          expireInSeconds: policy.expireInSeconds,
        });
      await retriedOnDeadlock(create);
      let id = '';
      id = await boss.work<object>(queue, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) {
          const renew = () =>
            track(database.executeSql(RENEW_LEASE, [job.id, options.leaseSeconds, policy.expireInSeconds, queue])).catch((err: unknown) =>
              log?.warn({ err, queue, job: job.id }, 'could not renew a running job\'s lease'),
            );
          // At once: until then the job has its step's whole expiry, which is what a crash in this instant costs.
          void renew();
          const lease = setInterval(renew, (options.leaseSeconds * 1000) / 3);
          const timer = jobDuration.startTimer({ queue });
          try {
            await track(
              inSpan(`job ${queue}`, SpanKind.CONSUMER, { 'messaging.destination.name': queue, 'keydeck.job_id': job.id }, () =>
                handler(job.data as never, job.id),
              ).catch((err: unknown) => {
                jobRuns.inc({ queue, outcome: 'failed' });
                log?.warn({ err, queue, job: job.id }, 'job failed; it will be retried');
                throw err;
              }),
            );
            jobRuns.inc({ queue, outcome: 'done' });
          } finally {
            timer();
            clearInterval(lease);
          }
        }
        // One job done: fetch the next at once rather than after a polling pause, while the queue has work.
        boss.notifyWorker(id);
      });
      workers.set(queue, id);
    },
    async send(tx, queue, data, options = {}) {
      await boss.send(queue, data, { db: transactionDb(tx), ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}) });
    },
    wake(queue) {
      const id = workers.get(queue);
      if (id) boss.notifyWorker(id);
    },
    async stop() {
      stopObserving();
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      // pg-boss records a job's completion without waiting for it: let those queries land before the database closes.
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/**
 * The transaction's own connection, for pg-boss's `db` option: drizzle keeps it as the session's client
 * (a pg PoolClient, or PGlite's transaction), and both answer query(text, values).
 */
function transactionDb(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * pg-boss creates a queue's table and attaches it to its jobs' in one statement: several servers first starting on
 * one database at once deadlock there, and PostgreSQL cancels all but one. Creating a queue is idempotent, so the
 * cancelled ones try again (seen with three servers started together: two of them stopped at start without this).
 */
async function retriedOnDeadlock(create: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 200 * attempt));
    }
  }
}
