import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig, type Config } from './config.ts';
import { collectProcessMetrics } from './platform/metrics.ts';
import { startMetricsServer } from './platform/metrics-server.ts';
import { start } from './start.ts';
import { runWorkers } from './workers.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
if (config.workers > 1 && cluster.isPrimary) {
  // The primary serves nothing itself but the workers' metrics, added up: its few lines go out as theirs do, JSON a line.
  if (config.metrics) await startMetricsServer(config.metrics);
  await runWorkers(config.workers, (msg) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg })}\n`));
} else {
  await serve(config);
}

/** One server process: alone, or one of the primary's workers. */
async function serve(config: Config): Promise<void> {
  const { app, generatedAdminPassword } = await start(config);
  if (config.metrics) {
    collectProcessMetrics();
    // A worker's figures are served by its primary.
    if (cluster.isPrimary) await startMetricsServer(config.metrics);
  }

  if (generatedAdminPassword) {
    // Printed once, to the terminal only (never to the log): there is no other way to learn it.
    process.stdout.write(
      `\nFirst start: created the platform administrator '${config.adminUsername}' with the password\n\n    ${generatedAdminPassword}\n\n` +
        'Keep it safe: it is shown only this once.\n\n',
    );
  }

  // Ctrl-C reaches a worker both from the terminal and from its primary: it shuts down once.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
      // Not ready first, still serving, so the load balancer's checks take this server out before it stops listening;
      // then close: no new connections, requests under way finish (within the grace), jobs handed back.
      app.stopBeingReady();
      setTimeout(() => process.exit(1), config.shutdownDrainSeconds * 1000 + SHUTDOWN_GRACE_MS).unref();
      sleep(config.shutdownDrainSeconds * 1000).then(() => app.close()).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ host: config.host, port: config.port });
}
