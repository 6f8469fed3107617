import { openBareDatabase } from './devices-db.mjs';
import { accountOf } from './devices-seed.mjs';
import { keyListCases, loadKeyList } from './keys-list.mjs';
import { createKeysThroughApi, exportSeededKey, KEY_SEED, seedKeys } from './keys-seed.mjs';

/**
 * The key list step on one database: key groups and the first keys through the API of the running server
 * (`live`: { origin, session }), then `release()` (PGlite: stop that server, its files take one process at a
 * time), the other keys seeded straight into the tables, then against Keydeck (from `server()`: { origin,
 * session } with the service logged in to) one seeded key exported as a check and each list request under load.
 * `database` says how to reach the data directly ({ databaseUrl } or { keydeckDataDir }); `dataDir` is the
 * server's DATA_DIR (its master key). Each part is a `step`: one that fails is reported and the rest goes on.
 */
export async function benchKeys(label, { database, dataDir, serviceId, actor, live, release, server, step }) {
  const result = { api: undefined, seed: undefined, check: undefined, list: {} };
  const apiKeys = KEY_SEED.apiCalls * KEY_SEED.perCall;
  result.api = await step(`create ${KEY_SEED.groups} key groups and ${apiKeys.toLocaleString('en-US')} keys through the API on ${label}`, () =>
    createKeysThroughApi(live.origin, live.session),
  );
  await release?.();
  if (!result.api) return result;
  result.seed = await step(`seed ${(KEY_SEED.keys - apiKeys).toLocaleString('en-US')} keys on ${label}`, async () => {
    const db = await openBareDatabase(database);
    try {
      return await seedKeys(db, { accountId: await accountOf(db, serviceId), serviceId, dataDir, actor });
    } finally {
      await db.close();
    }
  });
  if (!result.seed) return result;

  const keydeck = await step(`keydeck with ${KEY_SEED.keys.toLocaleString('en-US')} keys on ${label}`, server);
  if (!keydeck) return result;
  result.check = await step(`export a seeded key on ${label}`, () => exportSeededKey(keydeck.origin, keydeck.session));
  for (const { name, ...request } of keyListCases()) {
    result.list[name] = {
      query: request.query,
      http: await step(`load the key list (${name}) on ${label}`, () => loadKeyList(keydeck.origin, keydeck.session.sessionCookie, request)),
    };
  }
  return result;
}
