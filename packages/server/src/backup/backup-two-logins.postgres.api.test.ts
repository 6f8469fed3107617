import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountsPage } from '@keydeck/contract/accounts';
import { chainVerifications } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { databaseWithTwoLogins } from '../../test/postgres-server.ts';
import { ADMIN, createTestApp, signedIn } from '../../test/test-app.ts';
import { createBackup } from './create-backup.ts';
import { restoreBackup } from './restore-backup.ts';

// Production's two logins (README): the owner, no superuser, dumps and restores tables whose row-level security is forced on it too.
if (!inject('postgresUrl')) throw new Error('backup-two-logins.postgres.api.test.ts needs the test PostgreSQL');

const PASSPHRASE = 'staple battery horse correct 42';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The URL with another database name: the same login on the restore's database. */
const onDatabase = (url: string, name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

it('backs up and restores as the owner login: every account and audit event comes back, the chains verify', async () => {
  const logins = await databaseWithTwoLogins(inject('postgresUrl'));
  const original = await createTestApp({ DATABASE_URL: logins.servingUrl, MIGRATION_DATABASE_URL: logins.ownerUrl }, { onDisk: true });
  const work = mkdtempSync(join(tmpdir(), 'keydeck-backups-'));
  dirs.push(work);
  const file = join(work, 'keydeck.backup');
  let before: unknown;
  try {
    const platform = await signedIn(original.app, ADMIN.username, ADMIN.password);
    const created = await platform.call({ method: 'POST', url: ApiPath.adminAccounts, payload: { accounts: [{ name: 'Initech', api_name: 'initech', account_slug: 'initech', account_code: 'INIT01' }] } });
    expect(created.statusCode, created.body).toBe(201);
    before = accountsPage.parse((await platform.get(ApiPath.adminAccounts)).json()).data.map((a) => a.account_slug);
    expect(await createBackup(original.config, PASSPHRASE, file)).toEqual([]);
  } finally {
    await original.close();
  }

  // A new database owned by the same owner, as an administrator makes it before a restore.
  const ownerName = new URL(logins.ownerUrl).username;
  const restoredName = `${ownerName}_restored`;
  const admin = new pg.Client({ connectionString: `${inject('postgresUrl')}/postgres` });
  await admin.connect();
  await admin.query(`create database ${restoredName} owner ${ownerName}`);
  await admin.end();
  const env = { DATABASE_URL: onDatabase(logins.servingUrl, restoredName), MIGRATION_DATABASE_URL: onDatabase(logins.ownerUrl, restoredName), DATA_DIR: join(work, 'restored') };
  const notes = await restoreBackup(loadConfig(env), PASSPHRASE, file);
  expect(notes).toEqual(['Search by a device serial fragment scans until a superuser runs, in this database: ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;']);

  const restored = await createTestApp(env, { onDisk: true });
  try {
    const platform = await signedIn(restored.app, ADMIN.username, ADMIN.password);
    expect(accountsPage.parse((await platform.get(ApiPath.adminAccounts)).json()).data.map((a) => a.account_slug)).toEqual(before);
    const chains = chainVerifications.parse((await platform.get(`${ApiPath.auditVerify}?all=true`)).json()).chains;
    expect(chains.filter((c) => c.checked > 0).length).toBeGreaterThan(0);
    expect(chains.filter((c) => !c.intact)).toEqual([]);
  } finally {
    await restored.close();
  }
});
