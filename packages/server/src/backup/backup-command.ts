import { createBackup } from './create-backup.ts';
import { runCommand } from './run-command.ts';

await runCommand(
  'Usage: BACKUP_PASSPHRASE_FILE=<file> npm run backup -- <new backup file>',
  createBackup,
  (file) => `Backup written to ${file}. Keep it apart from the passphrase.`,
);
