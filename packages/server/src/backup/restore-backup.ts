import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { secureDataDir } from '../platform/data-dir.ts';
import { BackupError, openBackupFile } from './backup-file.ts';
import { checkEmptyDatabase, restoreDatabase } from './database-dump.ts';
import { checkRestorable, emptyOrAbsent, parseOutsideDatabase, writeOutsideDatabase } from './outside-database.ts';

/**
 * Restores a backup into the fresh installation `config` describes: an empty or absent DATA_DIR (and CLOUD_HSM_ROOT),
 * and for PostgreSQL an empty database. Everything is checked (passphrase, targets, keys from the environment, the
 * dump's integrity) before anything is written; a failure while writing takes back what this restore wrote.
 */
export async function restoreBackup(config: Config, passphrase: string, from: string): Promise<string[]> {
  const backup = await openBackupFile(from, passphrase);
  const outside = parseOutsideDatabase(backup.secrets);
  if (!emptyOrAbsent(config.dataDir)) throw new BackupError(`${config.dataDir} is not empty: restore into a fresh DATA_DIR`);
  if ((backup.header.database === 'postgres') !== Boolean(config.databaseUrl)) {
    throw new BackupError(backup.header.database === 'postgres' ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database' : 'This backup is of the embedded database: unset DATABASE_URL');
  }
  checkRestorable(config, outside);
  await checkEmptyDatabase(config);
  const work = await mkdtemp(join(tmpdir(), 'keydeck-restore-'));
  try {
    const dump = join(work, 'dump');
    await backup.extractDump(dump);
    secureDataDir(config.dataDir);
    try {
      const notes = await restoreDatabase(config, dump);
      await writeOutsideDatabase(config, outside);
      return notes;
    } catch (error) {
      // Both directories were empty: whatever is in them now is this restore's (pg_restore's is one transaction).
      for (const dir of [config.dataDir, config.cloudHsm.root]) await emptyDirectory(dir);
      throw error;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function emptyDirectory(dir: string): Promise<void> {
  if (emptyOrAbsent(dir)) return;
  for (const entry of readdirSync(dir)) await rm(join(dir, entry), { recursive: true, force: true });
}
