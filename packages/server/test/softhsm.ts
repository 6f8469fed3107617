import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOFTHSM2_UTIL = '/usr/bin/softhsm2-util';
export const SOFTHSM2_LIBRARY = '/usr/lib/softhsm/libsofthsm2.so';

/** A SoftHSM2 token of the test process: what a PKCS#11 keystore needs to open it. */
export type SoftHsmToken = {
  library: string;
  tokenLabel: string;
  pin: string;
  /** The token's own directory under the process's token directory. */
  directory: string;
  /** Deletes the token's directory: the token is gone for the library from then on, as an unplugged HSM. */
  remove(): void;
};

let tokenDir: string | undefined;
const labels = new Set<string>();

/**
 * One softhsm2.conf and token directory per test process: SoftHSM2 reads SOFTHSM2_CONF once, at C_Initialize,
 * and a process loads the library once, so every token of the process lives in the same token directory.
 * A token created after the library was initialised shows once the library is initialised again (when the
 * last keystore on it closed).
 */
function processTokenDir(): string {
  if (tokenDir) return tokenDir;
  const root = mkdtempSync(join(tmpdir(), 'keydeck-softhsm-'));
  const dir = join(root, 'tokens');
  mkdirSync(dir);
  const conf = join(root, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${dir}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`);
  process.env.SOFTHSM2_CONF = conf;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  tokenDir = dir;
  return dir;
}

/** A fresh token labelled `label` (unique in the process) with a random user PIN. */
export function createSoftHsmToken(label: string): SoftHsmToken {
  if (labels.has(label)) throw new Error(`A SoftHSM2 token labelled ${label} already exists in this process`);
  labels.add(label);
  const dir = processTokenDir();
  const before = new Set(readdirSync(dir));
  const pin = randomBytes(8).toString('hex');
  const soPin = randomBytes(8).toString('hex');
  execFileSync(SOFTHSM2_UTIL, ['--init-token', '--free', '--label', label, '--so-pin', soPin, '--pin', pin], {
    env: process.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const created = readdirSync(dir).filter((name) => !before.has(name));
  if (created.length !== 1) throw new Error(`softhsm2-util made ${created.length} token directories for ${label}`);
  const directory = join(dir, created[0]!);
  return { library: SOFTHSM2_LIBRARY, tokenLabel: label, pin, directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}
