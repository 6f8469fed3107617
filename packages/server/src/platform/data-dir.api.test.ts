import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { start } from '../start.ts';

const parent = mkdtempSync(join(tmpdir(), 'keydeck-data-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** Every path under dir whose mode gives the group or others any right. */
function openToOthers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).mode & 0o077);
}

describe('DATA_DIR', () => {
  it('is created for the server’s user only, embedded database and keys included, under an ordinary umask', async () => {
    process.umask(0o022);
    const dataDir = join(parent, 'data');
    const config = loadConfig({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATA_DIR: dataDir });
    const { app } = await start(config);
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['pglite', 'audit.key', 'encryption.key']));
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
