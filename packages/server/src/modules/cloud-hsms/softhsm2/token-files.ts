import { createHash, randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, open, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { SoftHsm2Error } from './softhsm2-error.ts';

/**
 * A partition on disk: `<ref>/softhsm2.conf` naming `<ref>/tokens` as SoftHSM2's token directory, the token's files
 * under it. Directories 0700, files 0600: the token files hold its objects (encrypted under the PINs by SoftHSM2).
 */
export const confPath = (ref: string): string => join(ref, 'softhsm2.conf');
const tokensPath = (ref: string): string => join(ref, 'tokens');

export async function writeConf(ref: string): Promise<void> {
  if (/[\r\n]/.test(ref)) throw new SoftHsm2Error('bad_request', 'A partition path has no line breaks');
  await mkdir(tokensPath(ref), { recursive: true, mode: 0o700 });
  await chmod(ref, 0o700);
  const conf = `directories.tokendir = ${tokensPath(ref)}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n`;
  await writeFile(confPath(ref), conf, { mode: 0o600 });
  await chmod(confPath(ref), 0o600);
}

/** Every regular file under dir, by its path relative to dir ('/'-separated), in a stable order. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = prefix ? posix.join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** Overwrites every file under dir with zeros, on disk (fsync), then removes dir. A missing dir is done. */
export async function zeroizeAndRemove(dir: string): Promise<void> {
  const exists = await lstat(dir).then((stat) => stat.isDirectory(), () => false);
  if (exists) {
    const zeros = Buffer.alloc(64 * 1024);
    for (const path of await filesUnder(dir)) {
      const file = await open(join(dir, path), 'r+');
      try {
        const { size } = await file.stat();
        for (let at = 0; at < size; at += zeros.length) await file.write(zeros, 0, Math.min(zeros.length, size - at), at);
        await file.sync();
      } finally {
        await file.close();
      }
    }
  }
  await rm(dir, { recursive: true, force: true });
}

export type BackupFile = { path: string; data: Buffer };

/**
 * Backup format, version 1: MAGIC, uint16 version, uint32 file count, then per file uint16 path length, the path
 * (UTF-8, relative, '/'-separated), uint32 size and the bytes; last, the SHA-256 of everything before it, so a
 * damaged or cut backup is refused before anything on disk changes. All integers big-endian.
 */
const MAGIC = Buffer.from('KDSH2BAK', 'ascii');
const VERSION = 1;
const DIGEST = 32;

export function encodeBackup(files: readonly BackupFile[]): Buffer {
  const parts: Buffer[] = [MAGIC, Buffer.alloc(2), Buffer.alloc(4)];
  parts[1]!.writeUInt16BE(VERSION);
  parts[2]!.writeUInt32BE(files.length);
  for (const { path, data } of files) {
    const name = Buffer.from(path, 'utf8');
    const header = Buffer.alloc(2 + name.length + 4);
    header.writeUInt16BE(name.length);
    name.copy(header, 2);
    header.writeUInt32BE(data.length, 2 + name.length);
    parts.push(header, data);
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/** A relative path that stays inside the token directory: no '..', '.', empty segment, absolute path or backslash. */
function safePath(path: string): boolean {
  return path.length > 0 && !path.startsWith('/') && !/[\\\0]/.test(path) && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function decodeBackup(backup: Buffer): BackupFile[] {
  const bad = (why: string) => new SoftHsm2Error('bad_backup', `The backup is refused: ${why}`);
  if (backup.length < MAGIC.length + 6 + DIGEST || !backup.subarray(0, MAGIC.length).equals(MAGIC)) throw bad('it is not a SoftHSM2 partition backup');
  const body = backup.subarray(0, backup.length - DIGEST);
  if (!createHash('sha256').update(body).digest().equals(backup.subarray(body.length))) throw bad('it is damaged (its checksum does not match)');
  const version = body.readUInt16BE(MAGIC.length);
  if (version !== VERSION) throw bad(`format version ${version} is not known`);
  const count = body.readUInt32BE(MAGIC.length + 2);
  if (count === 0) throw bad('it holds no token files');
  const files: BackupFile[] = [];
  const seen = new Set<string>();
  let at = MAGIC.length + 6;
  for (let index = 0; index < count; index++) {
    if (at + 2 > body.length) throw bad('it ends early');
    const nameLength = body.readUInt16BE(at);
    if (at + 2 + nameLength + 4 > body.length) throw bad('it ends early');
    const path = body.subarray(at + 2, at + 2 + nameLength).toString('utf8');
    const size = body.readUInt32BE(at + 2 + nameLength);
    at += 2 + nameLength + 4;
    if (at + size > body.length) throw bad('it ends early');
    if (!safePath(path)) throw bad(`the path ${JSON.stringify(path)} leaves the token directory`);
    if (seen.has(path)) throw bad(`the path ${JSON.stringify(path)} is in it twice`);
    seen.add(path);
    files.push({ path, data: body.subarray(at, at + size) });
    at += size;
  }
  if (at !== body.length) throw bad('it has bytes after its last file');
  return files;
}

export async function readTokenFiles(ref: string): Promise<BackupFile[]> {
  const dir = tokensPath(ref);
  const paths = await filesUnder(dir).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new SoftHsm2Error('no_token', `The partition ${ref} does not exist`) : error;
  });
  if (paths.length === 0) throw new SoftHsm2Error('no_token', `The partition ${ref} holds no token`);
  return Promise.all(paths.map(async (path) => ({ path, data: await readFile(join(dir, path)) })));
}

/**
 * Replaces the token directory with the files: written beside it and synced first, then swapped in by renames, the
 * old directory zeroized. The files' paths must have passed decodeBackup.
 */
export async function replaceTokenFiles(ref: string, files: readonly BackupFile[]): Promise<void> {
  await writeConf(ref);
  const staged = join(ref, `tokens.restore-${randomBytes(6).toString('hex')}`);
  const replaced = join(ref, `tokens.replaced-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staged, { mode: 0o700 });
    for (const { path, data } of files) {
      const target = join(staged, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const file = await open(target, 'wx', 0o600);
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
    }
    await rename(tokensPath(ref), replaced);
    await rename(staged, tokensPath(ref)).catch(async (error: unknown) => {
      await rename(replaced, tokensPath(ref));
      throw error;
    });
  } finally {
    await zeroizeAndRemove(staged);
  }
  await zeroizeAndRemove(replaced);
}
