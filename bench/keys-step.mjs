import { openBareDatabase } from './devices-db.mjs';
import { accountOf } from './devices-seed.mjs';
import { keyListCases, loadKeyList } from './keys-list.mjs';
import { createKeysThroughApi, exportSeededKey, KEY_SEED, seedKeys } from './keys-seed.mjs';
import { nextCursor } from './keys-sql.mjs';
import { notLoaded, timeBare } from './list-bare.mjs';

const KEYS_SQL = new URL('./keys-sql.mjs', import.meta.url).href;

/**
 * The key list step on one database: key groups and the first keys through the API of the running server
 * (`live`: { origin, session }), then `release()` (PGlite: stop that server, its files take one process at a
 * time), the other keys seeded straight into the tables, each list request's statements timed bare (a page after a
 * cursor reads after the one the bench makes from the data, as the server does), then against Keydeck (from
 * `server()`: { origin, session } with the service logged in to; on PGlite started only after the bare timings
 * let go of the files) one seeded key exported as a check and each list request under load. `database` says how
 * to reach the data directly ({ databaseUrl } or { keydeckDataDir }); `dataDir` is the server's DATA_DIR (its
 * master key). Each part is a `step`: one that fails is reported and the rest goes on.
 */
export async function benchKeys(label, { database, dataDir, serviceId, actor, live, release, server, step }) {
  const result = { api: undefined, seed: undefined, check: undefined, list: {} };
  const apiKeys = KEY_SEED.apiCalls * KEY_SEED.perCall;
  result.api = await step(`create ${KEY_SEED.groups} key groups and ${apiKeys.toLocaleString('en-US')} keys through the API on ${label}`, () =>
    createKeysThroughApi(live.origin, live.session),
  );
  await release?.();
  if (!result.api) return result;
  const scope = await step(`seed ${(KEY_SEED.keys - apiKeys).toLocaleString('en-US')} keys on ${label}`, async () => {
    const db = await openBareDatabase(database);
    try {
      const accountId = await accountOf(db, serviceId);
      result.seed = await seedKeys(db, { accountId, serviceId, dataDir, actor });
      const cases = [];
      for (const c of keyListCases()) {
        cases.push(c.cursorFrom ? { ...c, query: { ...c.query, after: await nextCursor(db, serviceId, c.cursorFrom) } } : c);
      }
      return { accountId, cases };
    } finally {
      await db.close();
    }
  });
  if (!scope) return result;

  for (const { name, query, expected } of scope.cases) {
    result.list[name] = {
      query,
      bare: await step(`bare statements of the key list (${name}) on ${label}`, () => timeBare(database, scope, { module: KEYS_SQL, args: { serviceId, query, expected } })),
    };
  }

  const keydeck = await step(`keydeck with ${KEY_SEED.keys.toLocaleString('en-US')} keys on ${label}`, server);
  if (!keydeck) return result;
  result.check = await step(`export a seeded key on ${label}`, () => exportSeededKey(keydeck.origin, keydeck.session));
  for (const { name, ...request } of scope.cases) {
    const entry = result.list[name];
    if (!entry.bare) continue;
    entry.http = notLoaded(entry.bare) ?? (await step(`load the key list (${name}) on ${label}`, () => loadKeyList(keydeck.origin, keydeck.session.sessionCookie, request)));
  }
  return result;
}
