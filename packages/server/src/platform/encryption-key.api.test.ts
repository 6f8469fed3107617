import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, queryRows, seedAccount } from '../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadEncryptionKey } from './encryption-key.ts';
import { createSecretBox, newEncryptionKey } from './secret-box.ts';

let t: TestApp;
let serverDir: string;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-key-'));
  dirs.push(dir);
  return dir;
};
/** identity-providers.service's context of a client secret (the last assertion fails should it change). */
const secretContext = (id: string) => `identity_provider:${id}:client_secret`;
const settings = () => queryRows<{ key: string; value: string }>(t.database.db, sql`select key, value from platform_settings`);
const setLegacyKey = (value: string) => t.database.db.execute(sql`insert into platform_settings (key, value) values ('encryption_key', ${value})`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the key that seals stored secrets', () => {
  it('is kept out of the database: nothing read from a dump opens a sealed secret', async () => {
    const { accountId } = await seedAccount(t.database.db, 'sealed', [{ username: 'sealed-admin', roleNames: [ROLE.admin] }]);
    const platform = new Visitor(t.app);
    await platform.signIn(ADMIN.username, ADMIN.password);
    const created = await platform.post(`/rest/api/v1/accounts/${accountId}/identity-providers`, {
      name: 'Sealed SSO',
      issuer: 'https://idp.example.com',
      client_id: 'console',
      client_secret: 'the-client-secret',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().identity_provider.id as string;
    const [row] = await queryRows<{ sealed: string }>(t.database.db, sql`select client_secret_sealed as sealed from identity_providers where id = ${id}`);

    const stored = await settings();
    expect(stored.map((s) => s.key)).not.toContain('encryption_key');
    for (const { value } of stored) {
      const bytes = Buffer.from(value, 'base64url');
      if (bytes.length === 32) expect(() => createSecretBox(value).open(row!.sealed, secretContext(id))).toThrow();
    }
    const keyFile = join(t.config.dataDir, 'encryption.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(createSecretBox(readFileSync(keyFile, 'utf8')).open(row!.sealed, secretContext(id))).toBe('the-client-secret');
  });

  it('moves a key an earlier version kept in the database out to DATA_DIR once, finishing a move a crash cut short', async () => {
    await t.database.db.execute(sql`delete from platform_settings where key like 'encryption_key%'`);
    const legacy = newEncryptionKey();
    await setLegacyKey(legacy);
    const dir = (serverDir = freshDir());
    expect(await loadEncryptionKey(t.database.db, undefined, dir)).toBe(legacy);
    expect(readFileSync(join(dir, 'encryption.key'), 'utf8')).toBe(legacy);
    expect(statSync(join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    expect((await settings()).filter((s) => s.value === legacy)).toEqual([]);

    // A crash after the file was written and before the row went: the next start deletes the row.
    await setLegacyKey(legacy);
    expect(await loadEncryptionKey(t.database.db, undefined, dir)).toBe(legacy);
    expect((await settings()).map((s) => s.key)).not.toContain('encryption_key');
  });

  it('refuses to start rather than lose or replace a key', async () => {
    // The server of the test above.
    const dir = serverDir;
    const key = await loadEncryptionKey(t.database.db, undefined, dir);

    // A file and a database row holding different keys: neither is dropped.
    const other = newEncryptionKey();
    await setLegacyKey(other);
    await expect(loadEncryptionKey(t.database.db, undefined, dir)).rejects.toThrow(/holds another key/);
    expect((await settings()).filter((s) => s.key === 'encryption_key')).toEqual([{ key: 'encryption_key', value: other }]);
    await t.database.db.execute(sql`delete from platform_settings where key = 'encryption_key'`);

    // A second server without the key does not seal under a new one of its own.
    const elsewhere = freshDir();
    await expect(loadEncryptionKey(t.database.db, undefined, elsewhere)).rejects.toThrow(/does not have/);
    expect(() => statSync(join(elsewhere, 'encryption.key'))).toThrow();
    await expect(loadEncryptionKey(t.database.db, newEncryptionKey(), elsewhere)).rejects.toThrow(/ENCRYPTION_KEY is not the key/);
    expect(await loadEncryptionKey(t.database.db, key, elsewhere)).toBe(key);
  });
});
