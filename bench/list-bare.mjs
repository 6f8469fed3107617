import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openBareDatabase } from './devices-db.mjs';
import { LIST_LOAD } from './devices-load.mjs';

/**
 * Bare timings of one list request (the devices', the key list's or the audit log's): up to `warmUps` runs (at most `warmUpSeconds`), `serialRuns` one after another
 * (until a third of the budget), then `loadedRuns` from as many concurrent streams as the HTTP load has connections
 * (the figure the HTTP p99 is compared with: same concurrency, no server), all within `budgetSeconds`. The
 * concurrent runs are skipped when one run alone takes over `loadOnlyBelowMs` (p99): such a list is not loaded.
 */
export const BARE = {
  warmUps: 10,
  warmUpSeconds: 1,
  serialRuns: 100,
  loadedRuns: 200,
  streams: LIST_LOAD.connections,
  budgetSeconds: 15,
  loadOnlyBelowMs: 1_000,
};

/** Why a list is not put under load (its statements alone are too slow bare, or did not finish), or null. */
export function notLoaded(bare) {
  const alone = bare.serialP99Ms;
  if (alone <= BARE.loadOnlyBelowMs) return null;
  return { skipped: `not loaded: its statements ${alone ? `take ${Math.round(alone)} ms` : `did not finish within ${bare.stoppedAfterSeconds} s`} bare` };
}

/** A list table's bare cells: p99 from the concurrent streams, p99 one at a time, runs (concurrent + one at a time). */
export const BARE_COLUMNS = ['bare p99 ms', 'bare alone p99', 'bare runs'];
export function bareCells(bare) {
  return [
    bare ? (bare.p99Ms?.toFixed(1) ?? (bare.stoppedAfterSeconds ? `> ${bare.stoppedAfterSeconds * 1000}` : '')) : 'n/a',
    bare?.serialP99Ms === undefined ? '' : bare.serialP99Ms.toFixed(1),
    bare ? `${bare.runs ?? 0} + ${bare.serialRuns ?? 0}` : '',
  ];
}

/**
 * Times the statements of one list request run bare: `request` is { module, args }, a module whose
 * `runBare(db, args)` sends them as the server does for one request (and throws when they find nothing). They
 * run in a worker thread, so a statement that takes minutes (PGlite has no working statement_timeout) is stopped
 * by ending the worker. Resolves { serialP99Ms, serialMedianMs, serialRuns } and, unless one run alone is too
 * slow, { p99Ms, runs } of the concurrent runs; or { stoppedAfterSeconds } when not one run finished in time. On
 * PGlite nothing else may have the data directory open.
 */
export function timeBare(database, scope, request) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { database, scope, request } });
  // Runs started just before the budget ends may queue behind nine others (PGlite runs one statement at a time).
  const limitSeconds = BARE.budgetSeconds * 2;
  let timer;
  const stopped = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ stoppedAfterSeconds: limitSeconds }), limitSeconds * 1000);
  });
  const answered = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`bare timing worker exited (${code}) without an answer`)));
  });
  return Promise.race([answered, stopped]).finally(async () => {
    clearTimeout(timer);
    await worker.terminate();
  });
}

const p99 = (times) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.99) - 1];
const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** In the worker: one request's statements, as the server runs them, timed together. */
async function run({ database, scope, request }) {
  const { runBare } = await import(request.module);
  // PostgreSQL: a connection a stream, as the server's pool has; PGlite: one database, as the server has.
  const dbs = database.databaseUrl
    ? await Promise.all(Array.from({ length: BARE.streams }, () => openBareDatabase(database)))
    : [await openBareDatabase(database)];
  try {
    for (const db of dbs) {
      // As the server's requests run: the application role with the account set, so row-level security shapes the
      // plans the same way. PostgreSQL also stops a statement at the budget; PGlite ignores statement_timeout.
      await db.query(
        `select set_config('role', 'keydeck_app', false), set_config('keydeck.account_id', $1, false),
          set_config('keydeck.bypass_rls', 'off', false), set_config('statement_timeout', $2, false)`,
        [scope.accountId, `${BARE.budgetSeconds}s`],
      );
    }
    const once = async (db) => {
      const started = performance.now();
      await runBare(db, request.args);
      return performance.now() - started;
    };
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    for (let i = 0; i < BARE.warmUps && elapsed() < BARE.warmUpSeconds; i++) await once(dbs[0]);
    const serial = [];
    do serial.push(await once(dbs[0]));
    while (serial.length < BARE.serialRuns && elapsed() < BARE.budgetSeconds / 3);
    const alone = { serialP99Ms: p99(serial), serialMedianMs: median(serial), serialRuns: serial.length };
    if (alone.serialP99Ms > BARE.loadOnlyBelowMs) return alone;

    const loaded = [];
    // A stream takes its run before starting it: counting the runs finished let all ten start the last one.
    let begun = 0;
    const stream = async (db) => {
      while (begun < BARE.loadedRuns && elapsed() < BARE.budgetSeconds) {
        begun++;
        loaded.push(await once(db));
      }
    };
    await Promise.all(Array.from({ length: BARE.streams }, (_, i) => stream(dbs[i % dbs.length])));
    return { p99Ms: p99(loaded), runs: loaded.length, ...alone };
  } finally {
    await Promise.all(dbs.map((db) => db.close()));
  }
}

if (!isMainThread) {
  try {
    parentPort.postMessage(await run(workerData));
  } catch (error) {
    // 57014: PostgreSQL cancelled a statement at statement_timeout.
    if (error?.code !== '57014') throw error;
    parentPort.postMessage({ stoppedAfterSeconds: BARE.budgetSeconds });
  }
}
