import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { BackupError, writeBackupFile } from './backup-file.ts';
import { dumpDatabase } from './database-dump.ts';
import { collectOutsideDatabase } from './outside-database.ts';

/** scrypt makes each guess cost, but a short passphrase is still guessed: the backup outlives it. */
export const MIN_PASSPHRASE_LENGTH = 16;

/** Writes a new backup file of the installation `config` describes; returns what the operator must know about it. */
export async function createBackup(config: Config, passphrase: string, out: string): Promise<string[]> {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) throw new BackupError(`The backup passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters`);
  if (existsSync(out)) throw new BackupError(`${out} exists: name a new file`);
  // The dump waits here, readable by this user only, until it is sealed into the backup.
  const work = await mkdtemp(join(tmpdir(), 'keydeck-backup-'));
  try {
    // Read before the dump: every checkpoint the log holds then names events the dump has too.
    const outside = await collectOutsideDatabase(config);
    const dumpPath = join(work, 'dump');
    await dumpDatabase(config, dumpPath);
    await writeBackupFile(out, passphrase, { database: config.databaseUrl ? 'postgres' : 'pglite', secrets: outside.content, dumpPath });
    return outside.notes;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
