import { createHmac } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { platformSettings } from '../db/schema/platform.ts';
import { loadDataDirKey } from './data-dir-key.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

export const ENCRYPTION_KEY_FILE = 'encryption.key';
/** Where versions before this one kept the key: in the database, so that a dump alone opened every sealed secret. */
const LEGACY_SETTING = 'encryption_key';
/** An HMAC of a fixed text under the key: tells a server it holds the key the stored secrets were sealed under. */
const CHECK_SETTING = 'encryption_key_check';

/**
 * The key of the secret box (platform/secret-box): ENCRYPTION_KEY, else DATA_DIR/encryption.key (generated at
 * first start, mode 0600). Never in the database. A key the database was moved off is moved out first; a server
 * whose key is not the one the database's secrets were sealed under refuses to start rather than seal anew.
 */
export async function loadEncryptionKey(db: Db, configured: string | undefined, dataDir: string): Promise<string> {
  await moveOutOfDatabase(db, dataDir);
  const path = join(dataDir, ENCRYPTION_KEY_FILE);
  const sealedBefore = await setting(db, CHECK_SETTING);
  if (!configured && sealedBefore && !existsSync(path)) {
    throw new Error(`The database's secrets are sealed under a key this server does not have: set ENCRYPTION_KEY, or copy ${ENCRYPTION_KEY_FILE} from the DATA_DIR of the server that first started on this database into ${path}`);
  }
  const key = loadDataDirKey(configured, dataDir, ENCRYPTION_KEY_FILE).toString('base64url');
  const check = checkOf(key);
  await inScope(db, SYSTEM_SCOPE, (tx) => tx.insert(platformSettings).values({ key: CHECK_SETTING, value: check }).onConflictDoNothing());
  if ((await setting(db, CHECK_SETTING)) !== check) {
    throw new Error(`${configured ? 'ENCRYPTION_KEY' : path} is not the key the database's secrets were sealed under`);
  }
  return key;
}

/**
 * Moves a key kept in platform_settings to DATA_DIR/encryption.key. The row goes only once the file holds the
 * same key on disk: a crash in between leaves both, and the next start finishes the move.
 */
async function moveOutOfDatabase(db: Db, dataDir: string): Promise<void> {
  const legacy = await setting(db, LEGACY_SETTING);
  if (!legacy) return;
  const path = join(dataDir, ENCRYPTION_KEY_FILE);
  if (!writeOnce(path, legacy) && readFileSync(path, 'utf8').trim() !== legacy) {
    throw new Error(`${path} holds another key than the database's platform_settings.${LEGACY_SETTING}: keep the one the stored secrets were sealed under, remove the other, and start again`);
  }
  await inScope(db, SYSTEM_SCOPE, (tx) => tx.delete(platformSettings).where(and(eq(platformSettings.key, LEGACY_SETTING), eq(platformSettings.value, legacy))));
}

/** Writes and syncs a new file (readable by the server's user only); false when it exists already. */
function writeOnce(path: string, content: string): boolean {
  try {
    writeFileSync(path, content, { mode: 0o600, flag: 'wx', flush: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  // The file's name is durable only once its directory is synced.
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return true;
}

function checkOf(key: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update('keydeck encryption key check').digest('base64url');
}

async function setting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await inScope(db, SYSTEM_SCOPE, (tx) => tx.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key)));
  return row?.value;
}
