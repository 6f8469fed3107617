import { readFileSync } from 'node:fs';
import { BackupError } from './backup-file.ts';

/**
 * The backup passphrase: BACKUP_PASSPHRASE_FILE names a file holding it (a trailing line break is not part of it),
 * else BACKUP_PASSPHRASE. Never a command-line argument: every user of the machine sees those in `ps`.
 */
export function readPassphrase(env: NodeJS.ProcessEnv = process.env): string {
  const file = env.BACKUP_PASSPHRASE_FILE;
  const value = file ? readFileSync(file, 'utf8').replace(/\r?\n$/, '') : env.BACKUP_PASSPHRASE;
  if (!value) throw new BackupError('Give the backup passphrase in BACKUP_PASSPHRASE, or in a file named by BACKUP_PASSPHRASE_FILE');
  return value;
}
