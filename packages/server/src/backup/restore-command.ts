import { restoreBackup } from './restore-backup.ts';
import { runCommand } from './run-command.ts';

await runCommand(
  'Usage: BACKUP_PASSPHRASE_FILE=<file> npm run restore -- <backup file>',
  restoreBackup,
  (file) => `Restored ${file}. Start the server with the same settings.`,
);
