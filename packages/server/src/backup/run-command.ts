import { resolve } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { BackupError } from './backup-file.ts';
import { readPassphrase } from './passphrase.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: the server's environment (config.ts), the passphrase from
 * the environment, the file from the command line. Prints what the operator must know; a refusal is one line on
 * stderr and exit status 1.
 */
export async function runCommand(
  usage: string,
  work: (config: Config, passphrase: string, file: string) => Promise<string[]>,
  done: (file: string) => string,
): Promise<void> {
  process.umask(0o077);
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
  try {
    const notes = await work(loadConfig(), readPassphrase(), resolve(file));
    process.stdout.write([done(resolve(file)), ...notes].map((line) => `${line}\n`).join(''));
  } catch (error) {
    if (!(error instanceof BackupError) && !(error instanceof Error && error.message.startsWith('Invalid configuration'))) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
