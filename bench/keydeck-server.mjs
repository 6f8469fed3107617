import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from './child-service.mjs';
import { freePort } from './free-port.mjs';

const MAIN = new URL('../packages/server/dist/main.js', import.meta.url).pathname;
const RECORDER = new URL('./statement-recorder.mjs', import.meta.url).pathname;

/**
 * Starts the built Keydeck server on a fresh data directory (PGlite) or on `databaseUrl`
 * (PostgreSQL), with a random administrator password the bench then signs in with; `workers` server processes
 * on its port (WORKERS, PostgreSQL only). With `recordTo`, the process records its statements on SIGUSR2 into that
 * file (statement-recorder.mjs).
 * Given `dataDir` (and the `admin` it was first started with), the server restarts on that directory, which the
 * caller owns: stop() leaves it in place.
 */
export async function startKeydeck({ label, databaseUrl, dataDir: ownDataDir, admin: givenAdmin, workers = 1, recordTo }) {
  const port = await freePort();
  const dataDir = ownDataDir ?? mkdtempSync(join(tmpdir(), 'keydeck-bench-'));
  const admin = givenAdmin ?? { username: 'admin', password: `Bench-${randomBytes(18).toString('base64url')}-7` };
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    // The bench signs in a few times per run; the default per-minute limit is not what is measured.
    LOGIN_RATE_LIMIT: '100000',
    // One server process unless told: the worker count is measured, never a default of the machine.
    WORKERS: String(workers),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(recordTo ? { NODE_OPTIONS: `--import ${RECORDER}`, BENCH_RECORD_SQL: recordTo } : {}),
  };
  const removeDataDir = () => ownDataDir || rmSync(dataDir, { recursive: true, force: true });
  try {
    const service = await startService({
      name: `keydeck (${label})`,
      script: MAIN,
      env,
      origin: `http://127.0.0.1:${port}`,
      readyPath: '/readyz',
    });
    return {
      ...service,
      admin,
      dataDir,
      async stop() {
        await service.stop();
        removeDataDir();
      },
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}
