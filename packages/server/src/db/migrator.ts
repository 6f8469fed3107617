import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the migrator needs of a connection: one statement (with values) or a script of several (without). */
export interface MigrationConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Migration {
  name: string;
  /** sha256 of the file, as drizzle recorded it: databases it migrated are recognised. */
  hash: string;
  statements: string[];
}

const FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * The migrations are the folder's `NNNN_name.sql` files in name order, each split into statements at drizzle's
 * `--> statement-breakpoint` marks; a new migration is one new file, nothing to register.
 */
export function readMigrations(folder: string): Migration[] {
  return readdirSync(folder)
    .filter((file) => FILE.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      return {
        name: file.replace(/\.sql$/, ''),
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text.split('--> statement-breakpoint').filter((statement) => statement.trim() !== ''),
      };
    });
}

/**
 * Applies the migrations not yet recorded, in one transaction, and records each in drizzle's table (so databases
 * migrated before keep working). A recorded migration after an unrecorded one means a file was edited after it
 * ran, or added out of order: that stops the start-up rather than guessing.
 */
export async function migrate(connection: MigrationConnection, migrations: Migration[]): Promise<void> {
  await connection.query('create schema if not exists drizzle');
  await connection.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
  const recorded = new Set(
    ((await connection.query('select hash from drizzle.__drizzle_migrations')).rows as { hash: string }[]).map((row) => row.hash),
  );
  const firstPending = migrations.findIndex((migration) => !recorded.has(migration.hash));
  if (firstPending === -1) return;
  const pending = migrations.slice(firstPending);
  const misplaced = pending.find((migration) => recorded.has(migration.hash));
  if (misplaced) {
    throw new Error(`Migration ${migrations[firstPending]!.name} has not run but the later ${misplaced.name} has: was it edited after it ran, or added out of order?`);
  }
  await connection.query('begin');
  try {
    for (const migration of pending) {
      for (const statement of migration.statements) await connection.query(statement);
      await connection.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, Date.now()]);
    }
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  }
}
