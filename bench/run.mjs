import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAudit } from './audit-step.mjs';
import { startBare } from './bare-baseline.mjs';
import { measureBundle } from './bundle-size.mjs';
import { recordCall, startFloor } from './floor-step.mjs';
import { benchDevices } from './devices-step.mjs';
import { benchFailover } from './failover-step.mjs';
import { measureGet } from './http-load.mjs';
import { startKeydeck } from './keydeck-server.mjs';
import { measureKeyCrypto } from './keys-crypto.mjs';
import { benchKeys } from './keys-step.mjs';
import { auditMedian, LIGHTHOUSE_PRESET, LIGHTHOUSE_RUNS } from './lighthouse.mjs';
import { startPostgres } from './postgres.mjs';
import { formatReport, writeJson } from './report.mjs';
import { enterService, openServiceSession, SERVICE_CURRENT } from './service-session.mjs';
import { signIn } from './sign-in.mjs';

const LOGIN_API = '/rest/api/v1/login';
// BENCH_ONLY=devices runs the devices step alone, BENCH_ONLY=keys the payment keys step alone, BENCH_ONLY=audit the
// audit log step alone, BENCH_ONLY=failover the PostgreSQL failover step alone; BENCH_ONLY=http the HTTP load, bundle
// and Lighthouse alone. Unset: everything.
const ONLY = process.env.BENCH_ONLY;
if (ONLY !== undefined && !['devices', 'keys', 'audit', 'failover', 'http'].includes(ONLY)) {
  throw new Error(`BENCH_ONLY=${ONLY}: expected devices, keys, audit, failover or http`);
}
const RUN_HTTP = ONLY === undefined || ONLY === 'http';
const RUN_DEVICES = ONLY === undefined || ONLY === 'devices';
const RUN_KEYS = ONLY === undefined || ONLY === 'keys';
const RUN_AUDIT = ONLY === undefined || ONLY === 'audit';
const RUN_FAILOVER = ONLY === undefined || ONLY === 'failover';

const results = {
  startedAt: new Date().toISOString(),
  // The load average is kept because other work on the machine moves every figure below.
  machine: { node: process.version, cpus: availableParallelism(), loadAverageAtStart: loadavg()[0] },
  only: ONLY ?? null,
  load: { PGlite: {}, PostgreSQL: {} },
  devices: { PGlite: undefined, PostgreSQL: undefined },
  audit: { PGlite: undefined, PostgreSQL: undefined },
  failover: undefined,
  keys: { crypto: { software: undefined, pkcs11: undefined }, list: { PGlite: undefined, PostgreSQL: undefined } },
  bundle: undefined,
  lighthouse: { preset: LIGHTHOUSE_PRESET, runs: LIGHTHOUSE_RUNS, pages: { '/login': undefined, '/home': undefined } },
  errors: [],
};
const cleanups = [];

// Progress goes to stderr and only on a terminal: piped output is the report alone.
const progress = (text) => process.stderr.isTTY && process.stderr.write(`· ${text}\n`);

/** Runs one measurement; a failure is recorded for the report and the other measurements go on. */
async function step(name, fn) {
  progress(name);
  try {
    return await fn();
  } catch (error) {
    results.errors.push({ step: name, message: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** Stops one started thing now rather than at the end, and forgets it (once: a second call does nothing). */
async function stopEarly(stop) {
  const at = cleanups.indexOf(stop);
  if (at === -1) return;
  cleanups.splice(at, 1);
  await stop();
}

async function cleanUp() {
  while (cleanups.length) {
    await step('clean up', cleanups.pop());
  }
}

/**
 * The signed-in GET and the service call again on a second Keydeck with WORKERS=2 on the same PostgreSQL (the
 * first one idle): what a second process on these cores adds, PostgreSQL sharing them.
 */
async function benchTwoWorkers(databaseUrl, first, serviceId) {
  const keydeck = await startKeydeck({ label: 'PostgreSQL, 2 workers', databaseUrl, dataDir: first.dataDir, admin: first.admin, workers: 2 });
  try {
    const session = await signIn(keydeck.origin, keydeck.admin);
    const keydeckLoad = await measureGet(keydeck.origin + LOGIN_API, { cookie: session.sessionCookie });
    // The service the first server made: a second one of the same name would be refused.
    await enterService(keydeck.origin, session, serviceId);
    return { keydeck: keydeckLoad, service: await measureGet(keydeck.origin + SERVICE_CURRENT, { cookie: session.sessionCookie }) };
  } finally {
    await keydeck.stop();
  }
}

/**
 * The service call's floor: the statements one call sent (recorded in the Keydeck process), sent bare by a Fastify
 * route through the same driver; on PostgreSQL through postgres.js too, the driver Keydeck could use instead. On
 * PGlite the floor needs the data directory to itself: Keydeck is stopped for it and `restart` starts it again.
 */
async function benchServiceFloor(database, { keydeck, session, dataUrl, recordFile, databaseUrl, restart }) {
  const recording = await recordCall(keydeck, recordFile, dataUrl, session.sessionCookie);
  results.load[database].serviceStatements = recording.map((statement) => statement.text.replace(/\s+/g, ' ').slice(0, 60));
  if (!databaseUrl) await keydeck.stop();
  try {
    const drivers = databaseUrl ? { floor: 'pg', floorPostgresJs: 'postgres.js' } : { floor: 'pglite' };
    for (const [key, driver] of Object.entries(drivers)) {
      const floor = await startFloor({ recordingFile: recordFile, driver, databaseUrl, pgliteDir: databaseUrl ? undefined : join(keydeck.dataDir, 'pglite') });
      try {
        results.load[database][key] = await measureGet(floor.url);
      } finally {
        await floor.stop();
      }
    }
  } finally {
    if (!databaseUrl) await restart();
  }
}

/**
 * Starts Keydeck on one database, signs in, and measures the signed-in GET and a service data call next to the
 * baselines on the same database: plain Fastify, Fastify plus one indexed session look-up (the limit), and the
 * service call's own statements sent bare (its floor).
 */
async function benchDatabase(database, { databaseUrl, dataDir }) {
  const bare = RUN_HTTP ? await step(`start bare fastify on ${database}`, () => startBare(databaseUrl)) : undefined;
  if (bare) {
    const stopBare = () => bare.stop();
    cleanups.push(stopBare);
    results.load[database].bare = await step(`load GET /bare on ${database}`, () => measureGet(`${bare.origin}/bare`));
    results.load[database].limit = await step(`load GET /bare-session on ${database}`, () =>
      measureGet(`${bare.origin}/bare-session`, { cookie: 'BENCH_SESSION=bench-session' }),
    );
    // One server at a time on the CPUs.
    await step(`stop bare fastify on ${database}`, () => stopEarly(stopBare));
  }
  const recordFile = join(dataDir ?? tmpdir(), `service-call-${process.pid}.json`);
  cleanups.push(() => [recordFile, `${recordFile}.on`].forEach((file) => rmSync(file, { force: true })));
  let keydeck = await step(`start keydeck on ${database}`, () => startKeydeck({ label: database, databaseUrl, dataDir, recordTo: recordFile }));
  if (!keydeck) return undefined;
  const stop = () => keydeck.stop();
  cleanups.push(stop);
  let session = await step(`sign in on ${database}`, () => signIn(keydeck.origin, keydeck.admin));
  let service;
  if (session) {
    if (RUN_HTTP) {
      results.load[database].keydeck = await step(`load GET ${LOGIN_API} on ${database}`, () =>
        measureGet(keydeck.origin + LOGIN_API, { cookie: session.sessionCookie }),
      );
    }
    service = await step(`open a service session on ${database}`, () => openServiceSession(keydeck.origin, session));
    if (service && RUN_HTTP) {
      results.load[database].service = await step(`load GET service data on ${database}`, () =>
        measureGet(service.dataUrl, { cookie: session.sessionCookie }),
      );
      // PGlite: the same administrator and service on a Keydeck started again on the same data directory.
      const restart = async () => {
        keydeck = await startKeydeck({ label: database, dataDir, admin: keydeck.admin });
        session = await signIn(keydeck.origin, keydeck.admin);
        await enterService(keydeck.origin, session, service.serviceId);
      };
      await step(`service call floor on ${database}`, () =>
        benchServiceFloor(database, { keydeck, session, dataUrl: service.dataUrl, recordFile, databaseUrl, restart }),
      );
    }
  }
  return { keydeck, session, serviceId: service?.serviceId, stop };
}

/**
 * Keydeck started again on PGlite's data directory (same administrator), signed in and logged in to the service
 * (when there is one); its stop lets go of the files.
 */
async function restartOnPglite(dataDir, { keydeck, serviceId }) {
  const restarted = await startKeydeck({ label: 'PGlite', dataDir, admin: keydeck.admin });
  const stop = () => restarted.stop();
  cleanups.push(stop);
  const session = await signIn(restarted.origin, restarted.admin);
  if (serviceId) await enterService(restarted.origin, session, serviceId);
  return { origin: restarted.origin, pid: restarted.pid, session, stop };
}

/**
 * PGlite: the devices and audit steps seed and time bare SQL on the data directory while no server has it open,
 * then start Keydeck again on it; it is stopped after each step, so the next one can have the files.
 */
async function devicesOnPglite(dataDir, pglite) {
  let restarted;
  results.devices.PGlite = await benchDevices('PGlite', {
    database: { keydeckDataDir: dataDir },
    serviceId: pglite.serviceId,
    step,
    server: async () => (restarted = await restartOnPglite(dataDir, pglite)),
  });
  if (restarted) await step('stop keydeck with the devices on PGlite', () => stopEarly(restarted.stop));
}

async function auditOnPglite(dataDir, pglite) {
  let restarted;
  results.audit.PGlite = await benchAudit('PGlite', {
    database: { keydeckDataDir: dataDir },
    username: pglite.keydeck.admin.username,
    step,
    server: async () => (restarted = await restartOnPglite(dataDir, { keydeck: pglite.keydeck })),
  });
  if (restarted) await step('stop keydeck with the audit events on PGlite', () => stopEarly(restarted.stop));
}

/**
 * The key list on PGlite: the API part on the running server, which is then stopped for the seed; Keydeck is
 * started again on the data directory (same administrator) for the list, and stopped at the end so the devices
 * step can have the files.
 */
async function keysOnPglite(dataDir, { keydeck, session, serviceId, stop }) {
  let stopRestarted;
  results.keys.list.PGlite = await benchKeys('PGlite', {
    database: { keydeckDataDir: dataDir },
    dataDir,
    serviceId,
    actor: keydeck.admin.username,
    live: { origin: keydeck.origin, session },
    release: () => step('stop keydeck on PGlite', () => stopEarly(stop)),
    step,
    async server() {
      const restarted = await startKeydeck({ label: 'PGlite', dataDir, admin: keydeck.admin });
      stopRestarted = () => restarted.stop();
      cleanups.push(stopRestarted);
      const again = await signIn(restarted.origin, restarted.admin);
      await enterService(restarted.origin, again, serviceId);
      return { origin: restarted.origin, session: again };
    },
  });
  if (stopRestarted) await step('stop keydeck with the keys on PGlite', () => stopEarly(stopRestarted));
}

/** Steps 1 to 6: each on PGlite, then on one throw-away PostgreSQL. */
async function benchOneDatabaseServer() {
  if (RUN_KEYS) {
    // Before any server: the crypto runs in a process of its own and wants the CPUs to itself.
    for (const keystore of ['software', 'pkcs11']) {
      results.keys.crypto[keystore] = await step(`key crypto on the ${keystore} keystore`, () => measureKeyCrypto(keystore));
    }
  }
  // PGlite's files outlive one server: the devices step restarts Keydeck on them.
  const pgliteDir = mkdtempSync(join(tmpdir(), 'keydeck-bench-pglite-'));
  cleanups.push(() => rmSync(pgliteDir, { recursive: true, force: true }));
  const pglite = await benchDatabase('PGlite', { dataDir: pgliteDir });
  if (pglite && RUN_HTTP) {
    const loginUrl = `${pglite.keydeck.origin}/login`;
    results.bundle = await step('bundle of /login', () => measureBundle(loginUrl));
    results.machine.chromium = results.bundle?.browserVersion;
    results.lighthouse.pages['/login'] = await step('lighthouse /login', () => auditMedian(loginUrl));
    if (pglite.session) {
      results.lighthouse.pages['/home'] = await step('lighthouse /home', () =>
        auditMedian(`${pglite.keydeck.origin}/home`, { cookies: pglite.session.browserCookies }),
      );
    } else {
      results.errors.push({ step: 'lighthouse /home', message: 'skipped: no signed-in session on PGlite' });
    }
  }
  if (pglite) {
    if (RUN_KEYS) {
      if (pglite.serviceId) await keysOnPglite(pgliteDir, pglite);
      else results.errors.push({ step: 'keys on PGlite', message: 'skipped: no service session' });
    }
    // One Keydeck at a time, so the PostgreSQL run does not share the CPUs with an idle PGlite server.
    await step('stop keydeck on PGlite', () => stopEarly(pglite.stop));
    if (RUN_DEVICES) {
      if (pglite.serviceId) await devicesOnPglite(pgliteDir, pglite);
      else results.errors.push({ step: 'devices on PGlite', message: 'skipped: no service session' });
    }
    if (RUN_AUDIT) await auditOnPglite(pgliteDir, pglite);
    // The restarted servers, the million devices and audit events are done with: free the CPUs and the disk for PostgreSQL.
    await cleanUp();
  }

  const postgres = await step('start postgresql', () => startPostgres('keydeck_bench'));
  if (postgres) {
    cleanups.push(() => postgres.stop());
    const onPostgres = await benchDatabase('PostgreSQL', { databaseUrl: postgres.url });
    if (RUN_HTTP && onPostgres?.serviceId) {
      results.load.PostgreSQL.twoWorkers = await step('load with 2 workers on PostgreSQL', () => benchTwoWorkers(postgres.url, onPostgres.keydeck, onPostgres.serviceId));
    }
    if (RUN_KEYS && onPostgres?.serviceId) {
      // Seeded while the server runs, as the devices.
      const { keydeck, session } = onPostgres;
      results.keys.list.PostgreSQL = await benchKeys('PostgreSQL', {
        database: { databaseUrl: postgres.url },
        dataDir: keydeck.dataDir,
        serviceId: onPostgres.serviceId,
        actor: keydeck.admin.username,
        live: { origin: keydeck.origin, session },
        step,
        server: async () => ({ origin: keydeck.origin, session }),
      });
    } else if (RUN_KEYS) {
      results.errors.push({ step: 'keys on PostgreSQL', message: 'skipped: no service session' });
    }
    if (RUN_DEVICES && onPostgres?.serviceId) {
      // Seeded while the server runs: PostgreSQL takes both connections at once.
      const { keydeck, session } = onPostgres;
      results.devices.PostgreSQL = await benchDevices('PostgreSQL', {
        database: { databaseUrl: postgres.url },
        serviceId: onPostgres.serviceId,
        step,
        server: async () => ({ origin: keydeck.origin, pid: keydeck.pid, session }),
      });
    } else if (RUN_DEVICES) {
      results.errors.push({ step: 'devices on PostgreSQL', message: 'skipped: no service session' });
    }
    if (RUN_AUDIT && onPostgres?.session) {
      // Seeded while the server runs, as the devices.
      const { keydeck, session } = onPostgres;
      results.audit.PostgreSQL = await benchAudit('PostgreSQL', {
        database: { databaseUrl: postgres.url },
        username: keydeck.admin.username,
        step,
        server: async () => ({ origin: keydeck.origin, pid: keydeck.pid, session }),
      });
    } else if (RUN_AUDIT) {
      results.errors.push({ step: 'audit on PostgreSQL', message: 'skipped: not signed in' });
    }
  }
}

async function main() {
  if (ONLY !== 'failover') await benchOneDatabaseServer();
  if (RUN_FAILOVER) {
    // A primary and a standby of its own: nothing else runs meanwhile.
    await cleanUp();
    results.failover = await step('failover', () => benchFailover({ step }));
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}
// A crash inside a library must not leave servers, PostgreSQL or temp dirs behind.
process.once('uncaughtException', (error) => {
  process.stderr.write(`bench crashed: ${error.stack ?? error}\n`);
  cleanUp().finally(() => process.exit(1));
});

try {
  await main();
} finally {
  await cleanUp();
}
results.machine.loadAverageAtEnd = loadavg()[0];
const jsonPath = writeJson(results);
process.stdout.write(`${formatReport(results)}\nJSON: ${jsonPath}\n`);
process.exitCode = results.errors.length ? 1 : 0;
