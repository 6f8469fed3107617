import { fileURLToPath } from 'node:url';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, signedIn } from '../../test/test-app.ts';
import { migrate, readMigrations, type Migration } from './migrator.ts';

const folder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The next release's first migration as the rule in ARCHITECTURE.md ("Upgrades without downtime") allows it: it only
 * adds (a nullable column, a table with its row-level security, an index). Its code reads them one release later.
 */
const NEXT_RELEASE_EXPAND: Migration = {
  name: '9999_next_release_expand',
  hash: 'fixture:next-release-expand',
  statements: [
    'alter table users add column preferred_locale text',
    'alter table roles add column colour text',
    'create table release_notes (id uuid primary key default gen_random_uuid(), account_id uuid not null references accounts(id), body text not null)',
    'alter table release_notes enable row level security',
    'alter table release_notes force row level security',
    `create policy tenant_isolation on release_notes using (account_id::text = current_setting('keydeck.account_id', true))`,
    'create index roles_colour on roles (colour)',
  ],
};

describe('a rolling upgrade', () => {
  it("keeps this build serving while the next release's migration is applied, and lets it start again on the migrated database", async () => {
    const t = await createTestApp();
    try {
      const admin = await signedIn(t.app, ADMIN.username, ADMIN.password);
      const names = Array.from({ length: 30 }, (_, i) => `Upgrade role ${i}`);
      // The next release's first server migrates while this one serves reads and writes.
      const owner = new pg.Client({ connectionString: t.config.databaseUrl });
      await owner.connect();
      const [answers] = await Promise.all([
        (async () => {
          const statuses: number[] = [];
          for (const name of names) {
            statuses.push((await admin.post(ApiPath.roles, { roles: [{ name, permissions: [Permission.auditRead] }] })).statusCode);
            statuses.push((await admin.get(ApiPath.roles)).statusCode);
          }
          return statuses;
        })(),
        migrate(owner, [...readMigrations(folder), NEXT_RELEASE_EXPAND]).finally(() => owner.end()),
      ]);
      expect(answers.filter((status) => status >= 300)).toEqual([]);
      const listed = (await admin.get(`${ApiPath.roles}?page_size=100`)).json() as { data: { name: string }[] };
      expect(listed.data.map((role) => role.name)).toEqual(expect.arrayContaining(names));

      // A server of this build that restarts meanwhile finds a migration it does not know recorded: it starts.
      await expect(t.database.migrate()).resolves.toBeUndefined();
      expect((await admin.post(ApiPath.roles, { roles: [{ name: 'After the upgrade', permissions: [Permission.auditRead] }] })).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
