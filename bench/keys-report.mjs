import { CRYPTO } from './keys-crypto.mjs';
import { KEY_LIST_LOAD, KEY_PAGE_SIZE } from './keys-list.mjs';
import { KEY_SEED } from './keys-seed.mjs';
import { LOAD } from './http-load.mjs';
import { BARE, BARE_COLUMNS, bareCells } from './list-bare.mjs';
import { TARGETS } from './targets.mjs';
import { textTable } from './text-table.mjs';

const T = TARGETS.keys;
const KEYSTORES = { software: 'software', pkcs11: 'PKCS#11 on SoftHSM2' };
const STEPS = { generate: 'generate', kcv: 'KCV', wrap: 'TR-31 wrap' };

/** The payment keys section: crypto throughput per keystore, then the key list on both databases. */
export function formatKeys(keys, number) {
  const crypto = Object.entries(keys.crypto).filter(([, c]) => c !== undefined);
  const lists = Object.entries(keys.list).filter(([, l]) => l !== undefined);
  if (!crypto.length && !lists.length) return [];
  const n = (value) => Math.round(value).toLocaleString('en-US');
  const out = [
    `${number}. Payment keys`,
    `   ${CRYPTO.keys.toLocaleString('en-US')} keys a keystore (half AES-128, half TDES double length, all exportable), one operation after another in one process;`,
    '   TR-31: TDES keys under a TDES triple-length KBPK (version B), AES under AES-256 (version D), one block of each unwrapped to its KCV as a check;',
    `   each step stops at ${CRYPTO.stepSeconds} s: keys/s is then over the keys it did. SoftHSM2: file object store, as the tests', on tmpfs (keys-softhsm.mjs)`,
    '',
    textTable(
      ['keystore', 'operation', 'keys', 'seconds', 'keys/s', 'target', 'verdict', 'note'],
      crypto.flatMap(([keystore, c]) =>
        Object.entries(STEPS).map(([key, operation]) => {
          const s = c[key];
          const note = [
            s.stoppedAtBudget ? `${s.keys.toLocaleString('en-US')} of ${(key === 'generate' ? CRYPTO.keys : c.keysInKeystore - 2).toLocaleString('en-US')} within the budget` : '',
            key === 'generate' && c.filled ? `the other ${c.filled.keys.toLocaleString('en-US')} made on the token directly (${c.filled.seconds.toFixed(0)} s)` : '',
            key === 'kcv' ? `${c.keysInKeystore.toLocaleString('en-US')} keys in the keystore` : '',
            key === 'wrap' ? `blocks: ${Object.entries(c.blocks).map(([v, k]) => `${k.toLocaleString('en-US')} ${v}`).join(', ')}` : '',
          ].filter(Boolean);
          const target = T.cryptoKeysPerSecond[keystore]?.[key];
          return [KEYSTORES[keystore], operation, n(s.keys), s.seconds.toFixed(2), n(s.keysPerSecond), target ? `≥ ${n(target)}` : '', target ? verdict(s.keysPerSecond >= target) : '', note.join('; ')];
        }),
      ),
    ),
    '',
  ];
  if (!lists.length) return out;
  const apiKeys = KEY_SEED.apiCalls * KEY_SEED.perCall;
  const notMirrored = lists.flatMap(([database, l]) =>
    Object.entries(l.list).filter(([, { http }]) => http?.cursorAsBench === false).map(([name]) => `${name} on ${database}`),
  );
  out.push(
    `   ${KEY_SEED.keys.toLocaleString('en-US')} keys in ${KEY_SEED.groups} key groups in one service: the first ${apiKeys.toLocaleString('en-US')} through the API ` +
      `(${KEY_SEED.apiCalls} calls of ${KEY_SEED.perCall}, generated in the server's software keystore), the rest by SQL, sealed under the server's master key`,
    '',
    textTable(
      ['database', 'API keys/s', 'API seconds', 'SQL seed s', 'of it sealing s', 'a seeded key exports'],
      lists.map(([database, l]) => [
        database,
        l.api ? n(l.api.keysPerSecond) : 'n/a',
        l.api ? l.api.seconds.toFixed(1) : '',
        l.seed ? l.seed.seconds.toFixed(1) : 'n/a',
        l.seed ? l.seed.sealSeconds.toFixed(1) : '',
        l.check ? `yes (${l.check.format})` : 'n/a',
      ]),
    ),
    '',
    `   key list GET /rest/api/v1/service/symmetric_key, ${KEY_PAGE_SIZE} a page by name: autocannon, ${LOAD.connections} connections, ${KEY_LIST_LOAD.seconds} s after ${KEY_LIST_LOAD.warmUpSeconds} s, p99;`,
    `   bare: its statements (keys-sql.mjs: group look-up, estimate, count only where small, page) run directly as the application role, p99 of ` +
      `${BARE.loadedRuns} runs from ${BARE.streams} concurrent streams and of ${BARE.serialRuns} one at a time`,
    '',
    textTable(
      ['request', 'database', 'p99 ms', 'req/s', 'total', 'first answer ms', 'target', 'verdict', ...BARE_COLUMNS],
      lists.flatMap(([database, l]) =>
        Object.entries(l.list).map(([name, { bare, http }]) => [
          name,
          database,
          http?.p99Ms ?? (http?.skipped ? 'not loaded' : 'n/a'),
          http?.requestsPerSecond === undefined ? '' : n(http.requestsPerSecond),
          http?.total === undefined ? '' : http.total.toLocaleString('en-US'),
          http?.firstMs === undefined ? '' : Math.round(http.firstMs),
          `≤ ${T.listP99Ms[database]}`,
          verdict(http && http.p99Ms !== undefined && http.p99Ms <= T.listP99Ms[database]),
          ...bareCells(bare),
        ]),
      ),
    ),
    ...(notMirrored.length ? [`   the server's cursor differs from the bench's (the bare statements read after the bench's): ${notMirrored.join(', ')}`] : []),
    '',
  );
  return out;
}

const verdict = (pass) => (pass === undefined || pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
