import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;

/**
 * A 32-byte key the server keeps outside its database: the configured value (base64url), else the one in
 * DATA_DIR/<file>, generated there at first start (readable by the server's user only). A key of any other
 * length (a truncated file) is refused rather than used.
 */
export function loadDataDirKey(configured: string | undefined, dataDir: string, file: string): Buffer {
  if (configured) return checked(Buffer.from(configured, 'base64url'), 'The configured key');
  const path = join(dataDir, file);
  try {
    return checked(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  // 'wx': two processes starting at once on one data directory cannot both write a key.
  try {
    writeFileSync(path, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadDataDirKey(undefined, dataDir, file);
    throw error;
  }
  return key;
}

function checked(key: Buffer, source: string): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`${source} is not a ${KEY_BYTES}-byte base64url key`);
  return key;
}
