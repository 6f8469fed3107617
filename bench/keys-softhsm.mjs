import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Ported from packages/server/test/softhsm.ts: the bench is plain .mjs and has no TypeScript runner.
const SOFTHSM2_UTIL = '/usr/bin/softhsm2-util';
const SOFTHSM2_LIBRARY = '/usr/lib/softhsm/libsofthsm2.so';

/**
 * Where the token's files go: memory (tmpfs) where the machine has it. SoftHSM2's file object store makes two files
 * per key (Debian builds it without the SQLite store), so on a virtual machine's ext4 disk generation is bound by
 * the disk (about 110 keys/s on the bench machine, 1,100 on tmpfs with the same code): the bench measures the
 * keystore, not the disk.
 */
const TOKEN_ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/**
 * A fresh SoftHSM2 token with a random user PIN in a token directory of its own (file object store, as the test
 * harness makes them). SoftHSM2 reads SOFTHSM2_CONF at C_Initialize: the process that opens the token needs `env`.
 * remove() deletes the directory, token and all.
 */
export function createSoftHsmToken(label) {
  if (!existsSync(SOFTHSM2_UTIL) || !existsSync(SOFTHSM2_LIBRARY)) throw new Error(`SoftHSM2 not found (${SOFTHSM2_UTIL}, ${SOFTHSM2_LIBRARY}): apt-get install softhsm2`);
  const root = mkdtempSync(join(TOKEN_ROOT, 'keydeck-bench-softhsm-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const tokens = join(root, 'tokens');
    mkdirSync(tokens);
    const conf = join(root, 'softhsm2.conf');
    writeFileSync(conf, `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`);
    const env = { SOFTHSM2_CONF: conf };
    const pin = randomBytes(8).toString('hex');
    execFileSync(SOFTHSM2_UTIL, ['--init-token', '--free', '--label', label, '--so-pin', randomBytes(8).toString('hex'), '--pin', pin], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    return { options: { library: SOFTHSM2_LIBRARY, tokenLabel: label, pin }, env, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
