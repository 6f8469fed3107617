import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { bundleKeyModules } from './keys-bundle.mjs';
import { createSoftHsmToken } from './keys-softhsm.mjs';

/**
 * Key crypto throughput on one keystore: `keys` keys generated (half AES-128, half TDES double length), then the
 * KCV of each and each one wrapped as a TR-31 key block, one operation after another as the server runs them.
 * Each step stops at `stepSeconds` (its keys/s then count the keys it did); the process doing it all is killed at
 * `limitSeconds`.
 */
export const CRYPTO = { keys: 10_000, stepSeconds: 60, limitSeconds: 420 };
/**
 * Every key is exportable (E or S: a key block of a key that is not would be refused) and every KBPK not (N), as
 * a KBPK is kept. TDES keys go under a TDES triple-length KBPK (TR-31 version B), AES under AES-256 (version D).
 */
const KEY_KINDS = [
  { algorithm: 'TDES_2KEY', usage: 'P0', mode_of_use: 'E', kbpk: 'TDES_3KEY', version: 'B' },
  { algorithm: 'AES_128', usage: 'D0', mode_of_use: 'B', kbpk: 'AES_256', version: 'D' },
];
const CHILD_ARG = 'keys-crypto-child';
const OUTPUT_TAIL_CHARS = 4_000;

/**
 * Times generate, KCV and TR-31 wrap on the software keystore (under a random master key) or on a fresh SoftHSM2
 * token (PKCS#11), in a child process of its own: a PKCS#11 library is process-wide and its calls cannot be
 * interrupted, so the limit kills the process. Resolves { keystore, keysInKeystore, generate, filled?, kcv, wrap,
 * blocks }, each step { keys, seconds, keysPerSecond } with { stoppedAtBudget } when it ran out of time; filled:
 * the keys a token did not get within the generate step's budget, generated on it directly (keys-token-fill.mjs).
 */
export async function measureKeyCrypto(keystore) {
  const bundle = await bundleKeyModules();
  const token = keystore === 'pkcs11' ? safely(() => createSoftHsmToken('keydeck-bench'), bundle.remove) : undefined;
  try {
    return await runChild({ bundle: bundle.path, keystore, token: token?.options, keys: CRYPTO.keys, stepSeconds: CRYPTO.stepSeconds }, token?.env ?? {});
  } finally {
    token?.remove();
    bundle.remove();
  }
}

function safely(make, undo) {
  try {
    return make();
  } catch (error) {
    undo();
    throw error;
  }
}

function runChild(job, env) {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_ARG], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    let answer;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${job.keystore} keystore: no answer within ${CRYPTO.limitSeconds} s`));
    }, CRYPTO.limitSeconds * 1000);
    child.on('message', (message) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (answer?.error) reject(new Error(`${job.keystore} keystore: ${answer.error}`));
      else if (answer) resolve(answer.result);
      else reject(new Error(`${job.keystore} keystore: the process exited (${code ?? signal}) without an answer:\n${output}`));
    });
    child.send(job);
  });
}

/** One step over the keys, one awaited operation at a time, until all are done or the budget is spent. */
async function timed(keys, stepSeconds, operation) {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let done = 0;
  while (done < keys.length && elapsed() < stepSeconds) {
    await operation(keys[done], done);
    done++;
  }
  const seconds = elapsed();
  return { keys: done, seconds, keysPerSecond: done / seconds, ...(done < keys.length ? { stoppedAtBudget: true } : {}) };
}

/** In the child: the measurement itself, on the bundled keystore and key operations. */
async function run({ bundle, keystore: kind, token, keys: count, stepSeconds }) {
  const m = await import(bundle);
  const masterKey = randomBytes(32);
  const open = () => (kind === 'pkcs11' ? m.createPkcs11Keystore(token) : m.createSoftwareKeystore(masterKey));
  let keystore = open();
  try {
    const kbpks = {};
    for (const algorithm of new Set(KEY_KINDS.map((k) => k.kbpk))) {
      const handle = newHandle(algorithm, 'N');
      handle.ref = await keystore.generate(handle);
      kbpks[algorithm] = stored(handle, { exportability: 'N', usage: 'K1', mode_of_use: 'B' });
    }
    const keys = Array.from({ length: count }, (_, i) => {
      const kind = KEY_KINDS[i % KEY_KINDS.length];
      const exportability = i % 4 < 2 ? 'E' : 'S';
      return { kind, handle: newHandle(kind.algorithm, exportability), attributes: { exportability, usage: kind.usage, mode_of_use: kind.mode_of_use } };
    });
    const generate = await timed(keys, stepSeconds, async (key) => {
      key.handle.ref = await keystore.generate(key.handle);
    });

    // A token that did not get every key within the budget gets the rest straight away, so that KCV and wrap are
    // timed on a token holding all of them, as an HSM holding a service's keys.
    let filled;
    if (generate.keys < keys.length && kind === 'pkcs11') {
      await keystore.close();
      keystore = undefined;
      const { fillToken } = await import('./keys-token-fill.mjs');
      const started = performance.now();
      const direct = fillToken(token, keys.slice(generate.keys).map((k) => k.handle), started + 2 * stepSeconds * 1000);
      filled = { keys: direct, seconds: (performance.now() - started) / 1000 };
      keystore = open();
      // The keystore takes a key made this way as its own (it checks the token object's type and length).
      if (direct) await m.kcvOf(keystore, keys[generate.keys + direct - 1].handle);
    }
    const made = keys.filter((k) => k.handle.ref);

    const kcv = await timed(made, stepSeconds, async (key) => {
      key.kcv = await m.kcvOf(keystore, key.handle);
    });
    const wrap = await timed(made, stepSeconds, async (key) => {
      key.block = await m.exportKeyBlock(keystore, stored(key.handle, key.attributes), kbpks[key.kind.kbpk]);
      if (key.block[0] !== key.kind.version) throw new Error(`a ${key.kind.algorithm} key under ${key.kind.kbpk} came out as version ${key.block[0]}`);
    });
    return { keystore: kind, keysInKeystore: made.length + 2, generate, ...(filled ? { filled } : {}), kcv, wrap, blocks: await checkBlocks(m, keystore, made, kbpks) };
  } finally {
    await keystore?.close();
  }
}

const newHandle = (algorithm, exportability) => ({ id: randomUUID(), algorithm, exportable: exportability !== 'N' });

/** A key as a symmetric_keys row gives it to the key operations. */
const stored = (handle, attributes) => ({
  material_id: handle.id,
  algorithm: handle.algorithm,
  exportability: attributes.exportability,
  key_ref: handle.ref,
  usage: attributes.usage,
  mode_of_use: attributes.mode_of_use,
  version: '00',
});

/**
 * The work was real: the first block of each version unwraps under its KBPK to a key whose KCV is the one the
 * KCV step gave. Resolves how many blocks of each version were made.
 */
async function checkBlocks(m, keystore, keys, kbpks) {
  const versions = {};
  for (const key of keys) {
    if (!key.block) continue;
    const version = key.kind.version;
    versions[version] = (versions[version] ?? 0) + 1;
    if (versions[version] > 1 || !key.kcv) continue;
    const kbpk = m.handleOf(kbpks[key.kind.kbpk]);
    const { header, key: clear } = await m.unwrapTr31({ algorithm: kbpk.algorithm, cmac: (data) => keystore.cmac(kbpk, data) }, key.block);
    try {
      const kcv = await m.kcvOfClearKey(key.kind.algorithm, clear);
      if (kcv !== key.kcv || header.usage !== key.kind.usage) {
        throw new Error(`a version ${version} block unwraps to KCV ${kcv}, usage ${header.usage}; the key has KCV ${key.kcv}, usage ${key.kind.usage}`);
      }
    } finally {
      clear.fill(0);
    }
  }
  return versions;
}

if (process.argv[2] === CHILD_ARG && process.send) {
  process.once('message', async (job) => {
    try {
      process.send({ result: await run(job) }, () => process.exit(0));
    } catch (error) {
      process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () => process.exit(1));
    }
  });
}
