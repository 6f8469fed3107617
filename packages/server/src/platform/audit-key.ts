import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_FILE = 'audit.key';

/**
 * The key of the audit chain's links: AUDIT_KEY, else a key generated at first start into DATA_DIR/audit.key
 * (readable by the server's user only). Never in the database: that is what makes a rewritten log detectable.
 */
export function loadAuditKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64url');
  const path = join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once on one data directory cannot both write a key.
  try {
    writeFileSync(path, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadAuditKey(undefined, dataDir);
    throw error;
  }
  return key;
}
