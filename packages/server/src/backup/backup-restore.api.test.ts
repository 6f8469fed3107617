import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { accountsResponse } from '@keydeck/contract/accounts';
import { chainVerifications } from '@keydeck/contract/audit';
import { certificateIssueResponse } from '@keydeck/contract/certificates';
import { ApiPath } from '@keydeck/contract/http';
import { symmetricKeyExportResponse, symmetricKeysCreateResponse, symmetricKeysResponse } from '@keydeck/contract/payment-keys';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createUser } from '../modules/accounts/accounts.service.ts';
import { unwrapTr31 } from '../modules/payment-keys/crypto/tr31.ts';
import { cmac } from '../modules/payment-keys/crypto/cmac.ts';
import { SYSTEM_SCOPE, inScope } from '../platform/tenant-scope.ts';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, openInService, seedService } from '../../test/fixtures.ts';
import { opensslCsr, opensslVerify } from '../../test/openssl.ts';
import { ADMIN, createTestApp, freshPostgresDatabase, signedIn, type TestApp, type Visitor } from '../../test/test-app.ts';
import { WRONG_PASSPHRASE } from './backup-file.ts';
import { createBackup } from './create-backup.ts';
import { restoreBackup } from './restore-backup.ts';

const PASSPHRASE = 'staple battery horse correct 42';
const KBPK = randomBytes(32).toString('hex').toUpperCase();

/** AES-CMAC KCV by Debian's openssl, an implementation Keydeck did not write. */
function opensslKcv(keyHex: string): string {
  const out = execFileSync('/usr/bin/openssl', ['mac', '-cipher', `AES-${keyHex.length * 4}-CBC`, '-macopt', `hexkey:${keyHex}`, 'CMAC'], { input: Buffer.alloc(16), encoding: 'utf8' });
  return out.trim().slice(0, 6).toUpperCase();
}

/** Mode bits of everything under dir that group or others may use: none, in a data directory. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
  return found;
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** What a user of the installation sees of it, to compare before the backup and after the restore. */
type Observed = { kcv: string; clearKey: string; caPem: string; certificatePem: string; chains: { account_id: string | null; checked: number; intact: boolean }[] };

describe('a backup restores into a fresh installation', () => {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const backupFile = join(tempDir('keydeck-backups-'), 'keydeck.backup');
  let original: TestApp;
  let before: Observed;
  let acmeAdminId: string;
  let serviceId: string;

  const send = (visitor: Visitor, method: 'POST' | 'PUT', url: string, payload: object) => visitor.call({ method, url, payload });
  const ok = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> => {
    const res = await response;
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };

  /** Exports the generated key under the KBPK, unwraps it with the clear KBPK, and reads the CA, certificate and chains. */
  const observe = async (t: TestApp, issuedSerial: string): Promise<Observed> => {
    const admin = await openInService(t, 'acme-admin', acmeAdminId, serviceId);
    const listed = symmetricKeysResponse.parse(await ok(admin.get(`${ApiPath.symmetricKeys}?search=PIN`))).data.find((k) => k.name === 'PIN key')!;
    const exported = symmetricKeyExportResponse.parse(await ok(send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'PIN key', kbpk: 'Transport KBPK' })));
    const kbpk = Buffer.from(KBPK, 'hex');
    const { key } = await unwrapTr31({ algorithm: 'AES_256', cmac: async (data: Buffer) => cmac('AES_256', kbpk, data) }, exported.key_block);
    expect([exported.kcv, opensslKcv(key.toString('hex').toUpperCase())]).toEqual([listed.kcv, listed.kcv]);
    const caPem = (await admin.get(`${ApiPath.certAuthorityDownload}?ca=${encodeURIComponent('Acme Root')}`)).body;
    const certificatePem = (await admin.get(`${ApiPath.certificateDownload}?serial=${issuedSerial}`)).body;
    const platform = await signedIn(t.app, ADMIN.username, ADMIN.password);
    const chains = chainVerifications.parse(await ok(platform.get(`${ApiPath.auditVerify}?all=true`))).chains;
    return { kcv: listed.kcv, clearKey: key.toString('hex'), caPem, certificatePem, chains: chains.map(({ account_id, checked, intact }) => ({ account_id, checked, intact })) };
  };
  let issuedSerial: string;

  beforeAll(async () => {
    original = await createTestApp({}, { onDisk: true });
    const platform = await signedIn(original.app, ADMIN.username, ADMIN.password);
    const [acme] = accountsResponse.parse(
      await ok(send(platform, 'POST', ApiPath.adminAccounts, { accounts: [{ name: 'Acme', api_name: 'acme', account_slug: 'acme', account_code: 'ACME01' }] }), 201),
    ).accounts;
    // The account's administrator and its provisioned service, as the console's onboarding leaves them.
    acmeAdminId = (await inScope(original.database.db, SYSTEM_SCOPE, (tx) =>
      createUser(tx, acme!.id, { username: 'acme-admin', name: 'Acme Admin', email: 'admin@acme.test', password: PASSWORD, roleNames: [ROLE.admin] }),
    ))!.id;
    ({ serviceId } = await seedService(original.database.db, acme!.id, { type: 'rkms', groups: [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }], members: [{ userId: acmeAdminId }] }));
    const admin = await openInService(original, 'acme-admin', acmeAdminId, serviceId);
    await ok(send(admin, 'PUT', ApiPath.keyCustodians, { user_ids: [], policy: { opener_may_be_custodian: false, single_operator_entry: true } }));
    await ok(send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Transport' }] }), 201);
    const halves = [randomBytes(32), Buffer.alloc(32)];
    for (let i = 0; i < 32; i++) halves[1]![i] = Buffer.from(KBPK, 'hex')[i]! ^ halves[0]![i]!;
    const created = symmetricKeysCreateResponse.parse(
      await ok(send(admin, 'POST', ApiPath.symmetricKeys, {
        symmetric_keys: [
          { source: 'components', name: 'Transport KBPK', group: 'Transport', algorithm: 'AES_256', usage: 'K1', mode_of_use: 'B', exportability: 'N',
            components: halves.map((h) => ({ value: h.toString('hex').toUpperCase(), kcv: opensslKcv(h.toString('hex').toUpperCase()) })) },
          { source: 'generate', name: 'PIN key', group: 'Transport', algorithm: 'AES_128', usage: 'P0', mode_of_use: 'E', exportability: 'E' },
        ],
      })),
    ).results;
    expect(created.map((r) => r.success)).toEqual([true, true]);
    await ok(send(admin, 'POST', ApiPath.certAuthorities, { ca_name: 'Acme Root', key_algorithm: 'EC_P256', subject: { common_name: 'Acme Root CA' }, validity_days: 365 }), 201);
    const issued = certificateIssueResponse.parse(
      await ok(send(admin, 'POST', ApiPath.certificates, { ca: 'Acme Root', csr: opensslCsr('/CN=shop.acme.test', { sans: ['DNS:shop.acme.test'] }).csrPem, validity_days: 30 }), 201),
    );
    issuedSerial = issued.certificate.serial;
    // Checkpoints sealed outside the database: the restored chains must still reach them.
    await ok(send(platform, 'POST', ApiPath.auditCheckpoint, { all: true }));
    before = await observe(original, issuedSerial);
  });
  let originalClosed = false;
  afterAll(async () => {
    if (originalClosed) rmSync(original.config.dataDir, { recursive: true, force: true });
    else await original?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up one file, refusing while the embedded database is open; the file alone opens nothing', async () => {
    // The platform's chain and Acme's hold events (the anonymous refusals' none); each verifies.
    expect(before.chains.filter((c) => c.checked > 0)).toHaveLength(2);
    expect(before.chains.every((c) => c.intact)).toBe(true);
    if (original.database.kind === 'pglite') {
      await expect(createBackup(original.config, PASSPHRASE, backupFile)).rejects.toThrow(/is in use: stop the server first/);
      expect(existsSync(backupFile)).toBe(false);
      await original.app.close();
      originalClosed = true;
    }
    // PostgreSQL is dumped from one snapshot while the server serves.
    await expect(createBackup(original.config, 'too short', backupFile)).rejects.toThrow('at least 16 characters');
    expect(await createBackup(original.config, PASSPHRASE, backupFile)).toEqual([]);
    expect(lstatSync(backupFile).mode & 0o777).toBe(0o600);
    const content = readFileSync(backupFile);
    for (const file of ['audit.key', 'keystore-master.key', 'encryption.key']) {
      const key = readFileSync(join(original.config.dataDir, file));
      expect([content.includes(key), content.includes(key.toString('base64'))]).toEqual([false, false]);
    }
    expect(content.includes(Buffer.from('acme-admin'))).toBe(false);
    await expect(createBackup(original.config, PASSPHRASE, backupFile)).rejects.toThrow('exists: name a new file');
    expect(readdirSync(dirname(backupFile))).toEqual(['keydeck.backup']);
  });

  /** A fresh DATA_DIR (and, on PostgreSQL, a new empty database) with the settings the installation had. */
  const freshTarget = async () => {
    const dataDir = join(tempDir('keydeck-restored-'), 'data');
    const databaseUrl = await freshPostgresDatabase();
    const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    return { env, config: loadConfig(env), dataDir, databaseUrl };
  };

  it('refuses a wrong passphrase, an altered file and a non-empty target, writing nothing', async () => {
    const target = await freshTarget();
    await expect(restoreBackup(target.config, 'staple battery horse correct 43', backupFile)).rejects.toThrow(WRONG_PASSPHRASE);
    expect(existsSync(target.dataDir)).toBe(false);
    if (target.databaseUrl) expect(await tablesIn(target.databaseUrl)).toBe(0);

    const altered = join(tempDir('keydeck-altered-'), 'altered.backup');
    const bytes = readFileSync(backupFile);
    bytes[bytes.length - 20]! ^= 1;
    writeFileSync(altered, bytes);
    await expect(restoreBackup(target.config, PASSPHRASE, altered)).rejects.toThrow("The backup's database dump was altered: nothing was restored");
    writeFileSync(altered, bytes.subarray(0, bytes.length - 1));
    await expect(restoreBackup(target.config, PASSPHRASE, altered)).rejects.toThrow('is cut short');
    expect(existsSync(target.dataDir)).toBe(false);
    if (target.databaseUrl) expect(await tablesIn(target.databaseUrl)).toBe(0);

    // A key in the environment would be used instead of the one the backup holds.
    const withOtherKey = loadConfig({ ...target.env, AUDIT_KEY: randomBytes(32).toString('base64url') });
    await expect(restoreBackup(withOtherKey, PASSPHRASE, backupFile)).rejects.toThrow('AUDIT_KEY is set, but this backup holds another key in audit.key, which the installation used: unset AUDIT_KEY');
    expect(existsSync(target.dataDir)).toBe(false);

    mkdirSync(target.dataDir, { recursive: true });
    writeFileSync(join(target.dataDir, 'audit.key'), 'someone else’s');
    await expect(restoreBackup(target.config, PASSPHRASE, backupFile)).rejects.toThrow('is not empty: restore into a fresh DATA_DIR');
    expect(readdirSync(target.dataDir)).toEqual(['audit.key']);
    if (target.databaseUrl) {
      expect(await tablesIn(target.databaseUrl)).toBe(0);
      const other = await createTestApp({ DATABASE_URL: target.databaseUrl }, { onDisk: true });
      await other.close();
      const fresh = loadConfig({ DATABASE_URL: target.databaseUrl, DATA_DIR: join(tempDir('keydeck-restored-'), 'data') });
      await expect(restoreBackup(fresh, PASSPHRASE, backupFile)).rejects.toThrow('is not empty (');
      expect(existsSync(fresh.dataDir)).toBe(false);
    }
  });

  it('restores into a fresh data directory and database: keys export with the same KCVs, the certificate verifies, the audit chain verifies', async () => {
    const target = await freshTarget();
    expect(await restoreBackup(target.config, PASSPHRASE, backupFile)).toEqual([]);
    expect(lstatSync(target.dataDir).mode & 0o777).toBe(0o700);
    for (const file of ['audit.key', 'keystore-master.key', 'encryption.key', 'audit-checkpoints.log']) {
      expect(readFileSync(join(target.dataDir, file))).toEqual(readFileSync(join(original.config.dataDir, file)));
    }
    expect(openToOthers(target.dataDir)).toEqual([]);

    const restored = await createTestApp(target.env, { onDisk: true });
    try {
      const after = await observe(restored, issuedSerial);
      expect({ ...after, chains: [] }).toEqual({ ...before, chains: [] });
      // Every chain is back, whole, and reaches its checkpoint (it has grown by the calls above since).
      expect(after.chains.map((c) => c.account_id).sort()).toEqual(before.chains.map((c) => c.account_id).sort());
      for (const chain of before.chains) {
        const restoredChain = after.chains.find((c) => c.account_id === chain.account_id)!;
        expect(restoredChain.intact).toBe(true);
        expect(restoredChain.checked).toBeGreaterThanOrEqual(chain.checked);
      }
      expect(opensslVerify({ root: after.caPem, leaf: after.certificatePem, purpose: 'sslserver' }).ok).toBe(true);
      // The CA's key came back too: the restored CA still issues.
      const admin = await openInService(restored, 'acme-admin', acmeAdminId, serviceId);
      const issued = certificateIssueResponse.parse(
        await ok(send(admin, 'POST', ApiPath.certificates, { ca: 'Acme Root', csr: opensslCsr('/CN=new.acme.test', { sans: ['DNS:new.acme.test'] }).csrPem, validity_days: 30 }), 201),
      );
      expect(opensslVerify({ root: after.caPem, leaf: issued.pem, purpose: 'sslserver' }).ok).toBe(true);
    } finally {
      await restored.close();
    }
  });
});
