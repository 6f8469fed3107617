import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations, type MigrationConnection } from './migrator.ts';

let folder: string;
let client: PGlite;
let connection: MigrationConnection;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  client = await PGlite.create();
  connection = { query: async (text, values) => (values ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })) };
});
afterEach(async () => {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
});

const tables = async () =>
  (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")).rows.map((row) => row.name);

describe('migrations read from their folder', () => {
  it('applies each file once, in name order, and a new file by itself on the next start', async () => {
    writeFileSync(join(folder, '0001_notes.sql'), 'create table notes (id int);\n--> statement-breakpoint\ninsert into notes values (1);');
    writeFileSync(join(folder, '0000_first.sql'), 'create table first (id int); create table second (id int);');
    writeFileSync(join(folder, 'README.md'), 'not a migration');
    await migrate(connection, readMigrations(folder));
    await migrate(connection, readMigrations(folder));
    expect(await tables()).toEqual(['first', 'notes', 'second']);
    expect((await client.query('select * from notes')).rows).toHaveLength(1);

    writeFileSync(join(folder, '0002_more.sql'), 'insert into notes values (2);');
    await migrate(connection, readMigrations(folder));
    expect((await client.query('select * from notes')).rows).toHaveLength(2);
  });

  it('recognises a database that drizzle migrated: the same hash of each file', async () => {
    const text = 'create table notes (id int);';
    writeFileSync(join(folder, '0000_notes.sql'), text);
    await client.exec(`create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint); ${text}`);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, 1)', [createHash('sha256').update(text).digest('hex')]);
    await migrate(connection, readMigrations(folder));
    expect(await tables()).toEqual(['notes']);
  });

  it('refuses to start when a file that ran was edited, and rolls back a failing migration whole', async () => {
    writeFileSync(join(folder, '0000_notes.sql'), 'create table notes (id int);');
    writeFileSync(join(folder, '0001_more.sql'), 'create table more (id int);');
    await migrate(connection, readMigrations(folder));
    writeFileSync(join(folder, '0000_notes.sql'), 'create table notes (id int, edited int);');
    await expect(migrate(connection, readMigrations(folder))).rejects.toThrow(
      'Migration 0000_notes has not run but the later 0001_more has: was it edited after it ran, or added out of order?',
    );

    writeFileSync(join(folder, '0000_notes.sql'), 'create table notes (id int);');
    writeFileSync(join(folder, '0002_broken.sql'), 'create table broken (id int);\n--> statement-breakpoint\nselect * from missing;');
    await expect(migrate(connection, readMigrations(folder))).rejects.toThrow('missing');
    expect(await tables()).toEqual(['more', 'notes']);
  });
});

describe('the rule of rolling upgrades (ARCHITECTURE.md, "Upgrades without downtime")', () => {
  /** What the previous release's code would trip on while it still serves: only a release after it may do these. */
  const CONTRACTING = /\b(drop\s+table|drop\s+column|rename\s+(to|column)|alter\s+column\s+\S+\s+(set\s+data\s+)?type|set\s+not\s+null|drop\s+view|drop\s+function)\b/i;
  /** Migrations before the rule was written predate it. */
  const FIRST_UNDER_THE_RULE = '0052';

  it('lets a migration only add, unless its name says it contracts what a release before stopped using', () => {
    const real = readMigrations(new URL('./migrations', import.meta.url).pathname).filter((m) => m.name >= FIRST_UNDER_THE_RULE);
    const offending = real.filter((m) => !m.name.endsWith('_contract') && m.statements.some((statement) => CONTRACTING.test(statement)));
    expect(offending.map((m) => m.name)).toEqual([]);
    // The check itself: it would catch these.
    expect(['alter table users drop column email', 'ALTER TABLE roles ALTER COLUMN name TYPE varchar(10)', 'alter table roles alter column colour set not null'].every((s) => CONTRACTING.test(s))).toBe(true);
    expect(CONTRACTING.test('alter table users add column preferred_locale text')).toBe(false);
  });
});
