import { createHmac } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { MASTER_KEY_FILE } from '../modules/payment-keys/keystore/master-key.ts';
import { CHECKPOINT_FILE } from '../platform/audit-checkpoint-log.ts';
import { AUDIT_KEY_FILE } from '../platform/audit-key.ts';
import { ENCRYPTION_KEY_FILE } from '../platform/encryption-key.ts';
import { BackupError } from './backup-file.ts';

/**
 * What the server keeps outside its database and needs to open it: the keys in DATA_DIR (or the fact that the
 * environment gives them, with a check value so a restore can tell the same key from another), the audit checkpoint
 * log, and the built-in provisioner's cloud HSM tokens. This is the backup's sealed "secrets" part.
 */
const file = z.object({ path: z.string(), data: z.string() });
const outsideDatabase = z.object({
  dataDirFiles: z.array(file),
  environmentKeys: z.array(z.object({ name: z.string(), check: z.string() })),
  cloudHsm: z.object({ root: z.string(), files: z.array(file) }),
});
export type OutsideDatabase = z.infer<typeof outsideDatabase>;

type KeySource = { file: string; variable: string; configured: string | undefined; needed: boolean };

function keySources(config: Config): KeySource[] {
  const software = config.keystore.kind === 'software';
  const masterKey = config.keystore.kind === 'software' ? config.keystore.masterKey : undefined;
  return [
    { file: AUDIT_KEY_FILE, variable: 'AUDIT_KEY', configured: config.auditKey, needed: true },
    { file: MASTER_KEY_FILE, variable: 'KEYSTORE_MASTER_KEY', configured: masterKey, needed: software },
    { file: ENCRYPTION_KEY_FILE, variable: 'ENCRYPTION_KEY', configured: config.encryptionKey, needed: true },
  ];
}

const keyCheck = (key: string) => createHmac('sha256', Buffer.from(key, 'base64url')).update('keydeck backup key check').digest('base64url');

/** Reads what lives outside the database; notes say what the backup does not hold and who keeps it. */
export async function collectOutsideDatabase(config: Config): Promise<{ content: Buffer; notes: string[] }> {
  const notes: string[] = [];
  const dataDirFiles: OutsideDatabase['dataDirFiles'] = [];
  const environmentKeys: OutsideDatabase['environmentKeys'] = [];
  for (const source of keySources(config)) {
    if (source.configured) {
      environmentKeys.push({ name: source.variable, check: keyCheck(source.configured) });
      notes.push(`${source.variable} is set in the environment: this backup does not hold it. Keep it yourself; the restore and the restored server need the same value.`);
    } else if (existsSync(join(config.dataDir, source.file))) {
      dataDirFiles.push(await read(config.dataDir, source.file));
    } else if (source.needed) {
      throw new BackupError(`${join(config.dataDir, source.file)} does not exist: set DATA_DIR (and the keys given in the environment) as the server has them`);
    }
  }
  if (config.keystore.kind === 'pkcs11') {
    notes.push(`KEYSTORE=pkcs11: payment keys live in the token '${config.keystore.tokenLabel}', not in this backup. Back the token up with the HSM's own tools.`);
  }
  if (existsSync(join(config.dataDir, CHECKPOINT_FILE))) dataDirFiles.push(await read(config.dataDir, CHECKPOINT_FILE));
  const cloudHsmFiles = existsSync(config.cloudHsm.root) ? await Promise.all((await filesUnder(config.cloudHsm.root)).map((path) => read(config.cloudHsm.root, path))) : [];
  const content: OutsideDatabase = { dataDirFiles, environmentKeys, cloudHsm: { root: config.cloudHsm.root, files: cloudHsmFiles } };
  return { content: Buffer.from(JSON.stringify(content)), notes };
}

export function parseOutsideDatabase(content: Buffer): OutsideDatabase {
  return outsideDatabase.parse(JSON.parse(content.toString('utf8')));
}

/**
 * Refuses a restore that would leave a server unable to open what it restores: a key the backup says came from the
 * environment but is not set (or is another key), cloud HSM tokens whose recorded paths (the database holds them)
 * are not where this configuration keeps them, or a cloud HSM directory that already holds something.
 */
export function checkRestorable(config: Config, outside: OutsideDatabase): void {
  // A key the environment gives wins over the file: it must be the key the backup holds.
  for (const source of keySources(config)) {
    const held = outside.dataDirFiles.find((f) => f.path === source.file);
    if (source.configured && held && keyCheck(source.configured) !== keyCheck(Buffer.from(held.data, 'base64').toString('utf8').trim())) {
      throw new BackupError(`${source.variable} is set, but this backup holds another key in ${source.file}, which the installation used: unset ${source.variable}`);
    }
  }
  for (const { name, check } of outside.environmentKeys) {
    const configured = keySources(config).find((s) => s.variable === name)?.configured;
    if (!configured) throw new BackupError(`This backup was made with ${name} set in the environment: set the same ${name} for the restore and the server`);
    if (keyCheck(configured) !== check) throw new BackupError(`${name} is not the key this backup was made with: set the one the installation used`);
  }
  if (outside.cloudHsm.files.length === 0) return;
  if (outside.cloudHsm.root !== config.cloudHsm.root) {
    throw new BackupError(`The backup's cloud HSM tokens were kept in ${outside.cloudHsm.root}, where the database finds them: set CLOUD_HSM_ROOT=${outside.cloudHsm.root}`);
  }
  if (!emptyOrAbsent(config.cloudHsm.root)) throw new BackupError(`${config.cloudHsm.root} is not empty: restore into a fresh CLOUD_HSM_ROOT`);
}

/** Writes the files back: directories 0700, files 0600, as the server makes them. */
export async function writeOutsideDatabase(config: Config, outside: OutsideDatabase): Promise<void> {
  const restore = async (root: string, files: OutsideDatabase['dataDirFiles']) => {
    for (const f of files) {
      const path = join(root, ...f.path.split('/'));
      if (!path.startsWith(`${root}/`)) throw new BackupError(`The backup names a file outside its directory: ${f.path}`);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, Buffer.from(f.data, 'base64'), { mode: 0o600, flag: 'wx', flush: true });
    }
  };
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  await restore(config.dataDir, outside.dataDirFiles);
  await restore(config.cloudHsm.root, outside.cloudHsm.files);
}

/** A directory that does not exist yet or holds nothing: the only place a restore writes to. */
export function emptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

async function read(root: string, path: string) {
  return { path, data: (await readFile(join(root, ...path.split('/')))).toString('base64') };
}

/** Every regular file under dir, by its '/'-separated path relative to dir. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? posix.join(prefix, entry.name) : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
