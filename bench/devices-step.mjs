import { measureCsvExport } from './csv-export.mjs';
import { measureBatches } from './devices-batch.mjs';
import { openBareDatabase } from './devices-db.mjs';
import { listUrl, loadList } from './devices-load.mjs';
import { measureDevicesScreen } from './devices-screen.mjs';
import { accountOf, SEED, seedDevices } from './devices-seed.mjs';
import { listCases } from './devices-sql.mjs';
import { notLoaded, timeBare } from './list-bare.mjs';

/**
 * The devices step on one database: seed SEED into the service, time each list request's statements bare, then
 * against Keydeck (from `server()`: { origin, pid, session } with the service logged in to) load each list
 * request, export every device as CSV, run the two 10,000-device batches, and time the screen in Chromium. `database` says how to reach the
 * data directly ({ databaseUrl } or { keydeckDataDir }); for PGlite `server()` starts Keydeck only after the seed
 * and the bare timings let go of the files. Each part is a `step`: one that fails is reported and the rest goes on.
 */
export async function benchDevices(label, { database, serviceId, server, step }) {
  const result = { seed: undefined, list: {}, export: undefined, batch: undefined, screen: undefined };
  const scope = await step(`seed ${SEED.devices.toLocaleString('en-US')} devices on ${label}`, async () => {
    const db = await openBareDatabase(database);
    try {
      const accountId = await accountOf(db, serviceId);
      result.seed = await seedDevices(db, { accountId, serviceId });
      return { accountId, serviceId };
    } finally {
      await db.close();
    }
  });
  if (!scope) return result;

  const cases = listCases();
  for (const { name, query } of cases) {
    result.list[name] = { query, bare: await step(`bare statements of the device list (${name}) on ${label}`, () => timeBare(database, scope, { module: new URL('./devices-sql.mjs', import.meta.url).href, args: { serviceId, query } })) };
  }

  const keydeck = await step(`keydeck with 1M devices on ${label}`, server);
  if (!keydeck) return result;
  for (const { name, query } of cases) {
    const entry = result.list[name];
    if (!entry.bare) continue;
    const skipped = notLoaded(entry.bare);
    if (skipped) {
      entry.http = skipped;
      continue;
    }
    entry.http = await step(`load the device list (${name}) on ${label}`, () => loadList(keydeck.origin, keydeck.session.sessionCookie, query));
  }
  result.export = await step(`export every device as CSV on ${label}`, () =>
    measureCsvExport({
      url: listUrl(keydeck.origin, { export: 'true' }),
      // A serial fragment a few devices have.
      warmUpUrl: listUrl(keydeck.origin, { export: 'true', search: '12345' }),
      cookie: keydeck.session.sessionCookie,
      serverPid: keydeck.pid,
      expectedRows: SEED.devices,
    }),
  );
  result.batch = await step(`10,000-device batches on ${label}`, () => measureBatches(keydeck.origin, keydeck.session));
  result.screen = await step(`Remote Devices screen in Chromium on ${label}`, () => measureDevicesScreen(keydeck.origin, keydeck.session.browserCookies, serviceId));
  return result;
}
