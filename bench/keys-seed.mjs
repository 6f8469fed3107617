import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundleKeyModules } from './keys-bundle.mjs';
import { caller } from './service-session.mjs';

/**
 * The key population the key list is measured on: one service with `keys` symmetric keys in `groups` key groups.
 * The first `apiCalls` × `perCall` keys are created through the API (the creation rate is a figure of its own),
 * the rest are written straight into the tables, `chunk` rows a statement.
 */
export const KEY_SEED = { keys: 100_000, groups: 10, apiCalls: 10, perCall: 100, chunk: 2_000 };
export const KEY_GROUPS_PATH = '/rest/api/v1/service/key_groups';
export const KEYS_PATH = '/rest/api/v1/service/symmetric_key';
const API_TIMEOUT_MS = 120_000;

/** 'Key ' and the number zero-padded: Key 000001 … Key 100000; key n is in group n mod 10 + 1. */
export const keyNameOf = (n) => `Key ${String(n).padStart(6, '0')}`;
export const keyGroupNameOf = (g) => `Key group ${String(g).padStart(2, '0')}`;
const groupOf = (n) => keyGroupNameOf((n % KEY_SEED.groups) + 1);

/** Key 000001 is a TDES triple-length KBPK; the others take turns at four usages, some not exportable. */
export const KBPK = keyNameOf(1);
export function keyOf(n) {
  if (n === 1) return { algorithm: 'TDES_3KEY', usage: 'K1', mode_of_use: 'B', exportability: 'N' };
  return [
    { algorithm: 'TDES_2KEY', usage: 'P0', mode_of_use: 'E', exportability: 'E' },
    { algorithm: 'AES_128', usage: 'D0', mode_of_use: 'B', exportability: 'E' },
    { algorithm: 'TDES_2KEY', usage: 'K0', mode_of_use: 'B', exportability: 'N' },
    { algorithm: 'AES_128', usage: 'M6', mode_of_use: 'C', exportability: 'S' },
  ][n % 4];
}

/**
 * The key groups (one call) and the first keys through the API, generated in the server's keystore: apiCalls
 * calls of perCall keys each (POST service/symmetric_key), every per-key result checked. Resolves the keys/s of
 * those calls (their wall time together).
 */
export async function createKeysThroughApi(origin, session) {
  const call = caller(origin, session, API_TIMEOUT_MS);
  await call('POST', KEY_GROUPS_PATH, { groups: Array.from({ length: KEY_SEED.groups }, (_, g) => ({ name: keyGroupNameOf(g + 1), key_retrieval_algorithm: 'static' })) });
  let seconds = 0;
  for (let c = 0; c < KEY_SEED.apiCalls; c++) {
    const rows = Array.from({ length: KEY_SEED.perCall }, (_, i) => {
      const n = c * KEY_SEED.perCall + i + 1;
      return { source: 'generate', name: keyNameOf(n), group: groupOf(n), ...keyOf(n), version: '00' };
    });
    const started = performance.now();
    const reply = await call('POST', KEYS_PATH, { symmetric_keys: rows });
    seconds += (performance.now() - started) / 1000;
    const failed = reply.results.filter((r) => !r.success);
    if (failed.length || reply.results.length !== rows.length) {
      throw new Error(`POST ${KEYS_PATH}: ${reply.results.length} results for ${rows.length} keys, ${failed.length} failed (first: ${failed[0]?.message})`);
    }
  }
  const keys = KEY_SEED.apiCalls * KEY_SEED.perCall;
  return { keys, calls: KEY_SEED.apiCalls, seconds, keysPerSecond: keys / seconds };
}

/**
 * Writes the remaining keys (after the API's) into the service's tables as the server stores a generated key:
 * material sealed by the software keystore under the server's master key (DATA_DIR/keystore-master.key, made at
 * its first start) with the key's id as associated data, the KCV computed from it, a 'created' event each.
 * Then ANALYZE. Runs as the database owner (no row-level security).
 */
export async function seedKeys(db, { accountId, serviceId, dataDir, actor }) {
  const started = performance.now();
  const first = KEY_SEED.apiCalls * KEY_SEED.perCall + 1;
  const [{ n: existing }] = await db.query('select count(*)::int as n from symmetric_keys where service_id = $1', [serviceId]);
  if (existing !== first - 1) throw new Error(`service ${serviceId} has ${existing} keys, expected the ${first - 1} made through the API`);
  const groups = new Map((await db.query('select id, name from key_groups where service_id = $1', [serviceId])).map((g) => [g.name, g.id]));

  const bundle = await bundleKeyModules();
  let m;
  try {
    m = await import(bundle.path);
  } finally {
    bundle.remove();
  }
  // loadMasterKey would make a new key when the file is missing: a seed under it would open nothing.
  if (!existsSync(join(dataDir, m.MASTER_KEY_FILE))) throw new Error(`no ${m.MASTER_KEY_FILE} in ${dataDir}: the server has not started on it`);
  const keystore = m.createSoftwareKeystore(m.loadMasterKey(undefined, dataDir));
  let sealSeconds = 0;
  try {
    for (let from = first; from <= KEY_SEED.keys; from += KEY_SEED.chunk) {
      const sealing = performance.now();
      const rows = [];
      for (let n = from; n < Math.min(from + KEY_SEED.chunk, KEY_SEED.keys + 1); n++) {
        const key = keyOf(n);
        const handle = { id: randomUUID(), algorithm: key.algorithm, exportable: key.exportability !== 'N' };
        handle.ref = await keystore.generate(handle);
        const groupId = groups.get(groupOf(n));
        if (!groupId) throw new Error(`no key group ${groupOf(n)} in service ${serviceId}`);
        rows.push({
          id: handle.id, group_id: groupId, name: keyNameOf(n), ...key, version: '00',
          kcv: await m.kcvOf(keystore, handle), kcv_method: m.defaultKcvMethod(key.algorithm), key_ref: handle.ref,
        });
      }
      sealSeconds += (performance.now() - sealing) / 1000;
      await insertChunk(db, { accountId, serviceId, actor }, rows);
    }
  } finally {
    await keystore.close();
  }
  await db.query('analyze key_groups, symmetric_keys, symmetric_key_events');
  const [{ n }] = await db.query('select count(*)::int as n from symmetric_keys where service_id = $1', [serviceId]);
  if (n !== KEY_SEED.keys) throw new Error(`seeded to ${n} keys, expected ${KEY_SEED.keys}`);
  return { keys: n, throughApi: first - 1, groups: groups.size, seconds: (performance.now() - started) / 1000, sealSeconds };
}

/** One statement for the keys, one for their events; the rows travel as one JSON parameter (PGlite and pg alike). */
async function insertChunk(db, { accountId, serviceId, actor }, rows) {
  const json = JSON.stringify(rows);
  await db.query(
    `insert into symmetric_keys (id, account_id, service_id, group_id, name, algorithm, usage, mode_of_use, exportability, version,
       kcv, kcv_method, origin, keystore, key_ref, material_id)
     select r.id, $1, $2, r.group_id, r.name, r.algorithm, r.usage, r.mode_of_use, r.exportability, r.version,
       r.kcv, r.kcv_method, 'generated', 'software', r.key_ref, r.id
     from json_to_recordset($3::json) as r(id uuid, group_id uuid, name text, algorithm text, usage text, mode_of_use text,
       exportability text, version text, kcv text, kcv_method text, key_ref text)`,
    [accountId, serviceId, json],
  );
  await db.query(
    `insert into symmetric_key_events (account_id, service_id, key_id, key_name, action, kcv, actor, detail)
     select $1, $2, r.id, r.name, 'created', r.kcv, $3, 'generated in the keystore'
     from json_to_recordset($4::json) as r(id uuid, name text, kcv text)`,
    [accountId, serviceId, actor, json],
  );
}

/**
 * The server can use a seeded key: it exports the last one (an exportable TDES key) under the KBPK made through
 * the API, which it can only do by opening the sealed material the seed wrote.
 */
export async function exportSeededKey(origin, session) {
  const key = keyNameOf(KEY_SEED.keys);
  if (keyOf(KEY_SEED.keys).exportability === 'N') throw new Error(`${key} is not exportable: choose another key to check the seed with`);
  const reply = await caller(origin, session)('POST', `${KEYS_PATH}/export`, { key, kbpk: KBPK });
  if (!reply.key_block?.startsWith('B')) throw new Error(`export of ${key}: ${JSON.stringify(reply).slice(0, 200)}`);
  return { key, format: reply.format, kcv: reply.kcv };
}
