import cluster, { type Worker } from 'node:cluster';

/** A worker that dies this often within RESTART_WINDOW_MS is not started again: the whole server stops instead. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

type Log = (message: string) => void;

/**
 * The primary process of WORKERS server processes on one port (node:cluster shares the listening socket). Each
 * worker is a whole server, stateless as one alone: sessions, rate limits, jobs and the built-in provisioner keep
 * their state in PostgreSQL. The first worker starts alone (it runs the migrations and makes what a first start
 * makes), the others once it listens. A worker that dies is started again; on SIGTERM or SIGINT every worker
 * is asked to stop (each drains as main.ts does), and the primary exits 0 when all did.
 */
export async function runWorkers(count: number, log: Log): Promise<void> {
  const restarts: number[] = [];
  let starting = true;
  let stopping = false;

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code) => reject(new Error(`a worker exited (${code}) before it listened`)));
    });

  // A worker that ends while the others serve is replaced (a worker that never listened stops the start, below).
  cluster.on('exit', (worker, code, signal) => {
    if (stopping || starting) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log(`workers died ${restarts.length} times within a minute: stopping`);
      void stop(1);
      return;
    }
    log(`worker ${worker.process.pid} ended (${signal ?? code}): starting another`);
    fork().then(
      (replacement) => log(`worker ${replacement.process.pid} listening in its place`),
      (error: unknown) => stopping || log(String(error)),
    );
  });

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    // A worker still starting ends by the signal itself, before its own handler is there: that is a clean stop too.
    const exits = workers.map((w) => new Promise<boolean>((resolve) => w.once('exit', (code, signal) => resolve(code === 0 || signal === 'SIGTERM'))));
    for (const w of workers) w.process.kill('SIGTERM');
    const clean = await Promise.all(exits);
    process.exit(clean.every(Boolean) ? exitCode : 1);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
    starting = false;
  } catch (error) {
    log(`the workers could not start: ${String(error)}`);
    await stop(1);
  }
  log(`${count} workers listening`);
}
