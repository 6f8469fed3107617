import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chainVerifications } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ADMIN, createTestApp, freshPostgresDatabase, signedIn } from '../../test/test-app.ts';
import { createBackup } from './create-backup.ts';
import { restoreBackup } from './restore-backup.ts';

const PASSPHRASE = 'staple battery horse correct 42';
const key = () => randomBytes(32).toString('base64url');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('says which keys the environment gives, refuses a restore without the same ones, and brings the cloud HSM tokens back where the database finds them', async () => {
  const work = mkdtempSync(join(tmpdir(), 'keydeck-backups-'));
  dirs.push(work);
  const keys = { AUDIT_KEY: key(), ENCRYPTION_KEY: key() };
  const cloudHsmRoot = join(work, 'cloud-hsms');
  const original = await createTestApp({ ...keys, CLOUD_HSM_ROOT: cloudHsmRoot }, { onDisk: true });
  // A token's file as the built-in provisioner leaves it (modules/cloud-hsms/softhsm2/token-files.ts).
  const tokenFile = join(cloudHsmRoot, 'hsm-1', 'tokens', 'token.object');
  mkdirSync(join(cloudHsmRoot, 'hsm-1', 'tokens'), { recursive: true, mode: 0o700 });
  writeFileSync(tokenFile, randomBytes(64), { mode: 0o600 });
  const file = join(work, 'keydeck.backup');
  let before: unknown;
  try {
    const platform = await signedIn(original.app, ADMIN.username, ADMIN.password);
    before = chainVerifications.parse((await platform.get(`${ApiPath.auditVerify}?all=true`)).json()).chains.map((c) => [c.account_id, c.intact]);
    if (original.database.kind === 'pglite') await original.app.close();
    expect(await createBackup(original.config, PASSPHRASE, file)).toEqual([
      'AUDIT_KEY is set in the environment: this backup does not hold it. Keep it yourself; the restore and the restored server need the same value.',
      'ENCRYPTION_KEY is set in the environment: this backup does not hold it. Keep it yourself; the restore and the restored server need the same value.',
    ]);
  } finally {
    if (original.database.kind === 'pglite') rmSync(original.config.dataDir, { recursive: true, force: true });
    else await original.close();
  }

  const databaseUrl = await freshPostgresDatabase();
  const env = { DATA_DIR: join(work, 'restored'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const refused = async (extra: Record<string, string>, message: string) => {
    await expect(restoreBackup(loadConfig({ ...env, ...extra }), PASSPHRASE, file)).rejects.toThrow(message);
    expect(existsSync(env.DATA_DIR)).toBe(false);
  };
  await refused({ ENCRYPTION_KEY: keys.ENCRYPTION_KEY }, 'This backup was made with AUDIT_KEY set in the environment: set the same AUDIT_KEY for the restore and the server');
  await refused({ ...keys, AUDIT_KEY: key() }, 'AUDIT_KEY is not the key this backup was made with');
  // The database names each token by its path: they come back there or nowhere.
  await refused(keys, `The backup's cloud HSM tokens were kept in ${cloudHsmRoot}, where the database finds them: set CLOUD_HSM_ROOT=${cloudHsmRoot}`);
  await refused({ ...keys, CLOUD_HSM_ROOT: cloudHsmRoot }, `${cloudHsmRoot} is not empty: restore into a fresh CLOUD_HSM_ROOT`);

  renameSync(cloudHsmRoot, `${cloudHsmRoot}.lost`);
  const restoredEnv = { ...env, ...keys, CLOUD_HSM_ROOT: cloudHsmRoot };
  expect(await restoreBackup(loadConfig(restoredEnv), PASSPHRASE, file)).toEqual([]);
  expect(readFileSync(tokenFile)).toEqual(readFileSync(join(`${cloudHsmRoot}.lost`, 'hsm-1', 'tokens', 'token.object')));
  expect([lstatSync(join(cloudHsmRoot, 'hsm-1')).mode & 0o777, lstatSync(tokenFile).mode & 0o777]).toEqual([0o700, 0o600]);
  expect(existsSync(join(env.DATA_DIR, 'audit.key'))).toBe(false);

  const restored = await createTestApp(restoredEnv, { onDisk: true });
  try {
    const platform = await signedIn(restored.app, ADMIN.username, ADMIN.password);
    const after = chainVerifications.parse((await platform.get(`${ApiPath.auditVerify}?all=true`)).json()).chains.map((c) => [c.account_id, c.intact]);
    expect(after).toEqual(before);
  } finally {
    await restored.close();
  }
});
