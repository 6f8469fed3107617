import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database and the keys kept out of it: only the server's user may enter it. Called
 * before anything writes there. The process umask makes what the server creates later private as well (0600 files,
 * 0700 directories), and an existing directory made under an ordinary umask is closed on the next start.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * PGlite copies its initial database files in with their packaged mode (0666), whatever the umask: takes the
 * group's and others' rights from everything under `dir` (the owner's stay as they are). Links are not followed.
 */
export function closeToOthers(dir: string): void {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(dir, stat.mode & 0o700);
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(dir)) closeToOthers(join(dir, entry));
}
