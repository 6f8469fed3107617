import { existsSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService } from './child-service.mjs';
import { freePort } from './free-port.mjs';
import { bundleServerModules, serverSource } from './server-bundle.mjs';

const FLOOR_SERVER = new URL('./floor-server.mjs', import.meta.url).pathname;
const RECORD_ATTEMPTS = 5;
const FILE_WAIT_MS = 2_000;

// Keydeck's own drivers, for the floor to send the statements as Keydeck does (prepared once per connection).
const DRIVERS = `
export { PreparingClient } from '${serverSource('db/postgres-client.ts')}';
export { pgliteStatements } from '${serverSource('db/pglite-statements.ts')}';
`;

/**
 * The statements one call of `url` sends, recorded in the Keydeck process (started with `recordTo: file`) between
 * two SIGUSR2. Recorded until two recordings agree, so that no background job's statement that happened to run
 * alongside is taken for the call's.
 */
export async function recordCall(keydeck, file, url, cookie) {
  const seen = new Map();
  for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
    rmSync(file, { force: true });
    rmSync(`${file}.on`, { force: true });
    process.kill(keydeck.pid, 'SIGUSR2');
    // The process handles the signal between other work: the call goes once it says it records.
    await readWhenWritten(`${file}.on`);
    const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`recording GET ${url}: ${response.status}`);
    process.kill(keydeck.pid, 'SIGUSR2');
    const recording = JSON.parse(await readWhenWritten(file));
    if (recording.length === 0) throw new Error(`GET ${url} sent no statement while the Keydeck process recorded`);
    const texts = JSON.stringify(recording.map((statement) => statement.text));
    if (seen.has(texts)) return recording;
    seen.set(texts, recording);
  }
  const counts = [...seen.values()].map((recording) => recording.length).join(', ');
  throw new Error(`the statements of GET ${url} differed in each of ${RECORD_ATTEMPTS} recordings (${counts} statements)`);
}

async function readWhenWritten(file) {
  for (const deadline = Date.now() + FILE_WAIT_MS; Date.now() < deadline; await sleep(20)) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  throw new Error(`the Keydeck process wrote no ${file}`);
}

/**
 * Starts the floor server (floor-server.mjs) for a recording, on one driver: `pg` or `postgres.js` on databaseUrl,
 * `pglite` on pgliteDir (which no other process may have open). Resolves its /floor URL and stop().
 */
export async function startFloor({ recordingFile, driver, databaseUrl, pgliteDir }) {
  const drivers = await bundleServerModules(DRIVERS, 'drivers');
  try {
    const port = await freePort();
    const service = await startService({
      name: `floor (${driver})`,
      script: FLOOR_SERVER,
      env: {
        PORT: String(port),
        RECORDING: recordingFile,
        DRIVER: driver,
        DRIVERS: drivers.path,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(pgliteDir ? { PGLITE_DIR: pgliteDir } : {}),
      },
      origin: `http://127.0.0.1:${port}`,
      readyPath: '/floor',
    });
    return {
      url: `${service.origin}/floor`,
      async stop() {
        await service.stop();
        drivers.remove();
      },
    };
  } catch (error) {
    drivers.remove();
    throw error;
  }
}
