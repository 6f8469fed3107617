import { loadConfig } from './config.ts';
import { start } from './start.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
const { app, generatedAdminPassword } = await start(config);

if (generatedAdminPassword) {
  // Printed once, to the terminal only (never to the log): there is no other way to learn it.
  process.stdout.write(
    `\nFirst start: created the platform administrator '${config.adminUsername}' with the password\n\n    ${generatedAdminPassword}\n\n` +
      'Keep it safe: it is shown only this once.\n\n',
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
