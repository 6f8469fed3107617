import { execFile } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Config } from '../config.ts';
import { withoutPassword } from '../db/connection-string.ts';
import { postgresConnection } from '../db/postgres-hosts.ts';
import { closeToOthers } from '../platform/data-dir.ts';
import { BackupError } from './backup-file.ts';

/**
 * The database's dump and its restore: pg_dump's custom format for PostgreSQL, taken from one snapshot while the
 * servers run; PGlite's own dump of its data directory (a tarball) for the embedded database, which only one process
 * may open, so the server must be stopped.
 */
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';
const pgliteDir = (config: Config) => join(config.dataDir, 'pglite');
const pgliteOptions = { extensions: { pg_trgm } };

export async function dumpDatabase(config: Config, to: string): Promise<void> {
  const url = ownerUrl(config);
  if (url) {
    // The owner is subject to the tables' forced row-level security too: the dump runs with it on, every row visible.
    await run('pg_dump', ['--format=custom', '--enable-row-security', '--no-password', `--file=${to}`], url, { PGOPTIONS: '-c keydeck.bypass_rls=on' });
    return;
  }
  const dir = pgliteDir(config);
  if (!existsSync(dir)) throw new BackupError(`No embedded database in ${dir}: set DATA_DIR (or DATABASE_URL) as the server has it`);
  // PGlite writes this file while it has the directory open and removes it on closing.
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${dir} is in use: stop the server first (only one process may open it). ` +
        'If no server runs, the last one did not stop cleanly: start it and stop it once, then back up.',
    );
  }
  const db = await PGlite.create(dir, pgliteOptions);
  try {
    const tarball = await db.dumpDataDir('gzip');
    await writeFile(to, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  } finally {
    await db.close();
    closeToOthers(dir);
  }
}

/** Refuses a target database that holds any table: a restore only ever fills an empty one. */
export async function checkEmptyDatabase(config: Config): Promise<void> {
  const url = ownerUrl(config);
  if (!url) return; // PGlite lives in DATA_DIR, which the restore refuses unless empty
  const tables = await query<{ name: string }>(url, `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' limit 3`);
  if (tables.length > 0) {
    throw new BackupError(`The database of ${redacted(url)} is not empty (${tables.map((t) => t.name).join(', ')}...): restore into a new, empty database`);
  }
}

/** Fills the empty target with the dump; returns what is left for an administrator to do. */
export async function restoreDatabase(config: Config, from: string): Promise<string[]> {
  const url = ownerUrl(config);
  if (!url) {
    const dir = pgliteDir(config);
    const db = await PGlite.create(dir, { ...pgliteOptions, loadDataDir: await openAsBlob(from) });
    await db.query('select 1');
    await db.close();
    closeToOthers(dir);
    return [];
  }
  // The dump grants to keydeck_app, a role of the cluster rather than the database: made as migration 0001 makes it.
  await query(url, `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'keydeck_app') THEN CREATE ROLE keydeck_app NOLOGIN; END IF; END $$`);
  await query(url, 'GRANT keydeck_app TO CURRENT_USER');
  // One transaction: a failure leaves the database as empty as it was.
  await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--no-password', from], url);
  // Marking ILIKE leakproof (migration 0026) is a catalogue change of the database that no dump carries.
  const [role] = await query<{ superuser: boolean }>(url, 'select rolsuper as superuser from pg_roles where rolname = current_user');
  if (role?.superuser) {
    await query(url, 'ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF');
    return [];
  }
  return ["Search by a device serial fragment scans until a superuser runs, in this database: ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;"];
}

const ownerUrl = (config: Config) => config.migrationDatabaseUrl ?? config.databaseUrl;

/**
 * libpq reads the URL (several hosts and target_session_attrs too) but the password from the environment: a command
 * line is visible to every user in `ps`.
 */
function run(tool: string, args: string[], url: string, env: Record<string, string> = {}): Promise<void> {
  const { url: bare, password } = withoutPassword(url);
  const binary = existsSync(join(POSTGRES_BIN, tool)) ? join(POSTGRES_BIN, tool) : tool;
  return new Promise((resolve, reject) =>
    execFile(binary, [...args, `--dbname=${bare}`], { env: { ...process.env, ...env, ...(password ? { PGPASSWORD: password } : {}) }, maxBuffer: 16 * 1024 * 1024 }, (error, _out, stderr) =>
      error ? reject(new BackupError(`${tool} failed: ${stderr.trim() || error.message}`)) : resolve(),
    ),
  );
}

async function query<T>(url: string, text: string): Promise<T[]> {
  // To the host the URL's target_session_attrs asks for, as the server's own connections go.
  const connection = postgresConnection(url, 10_000);
  const client = new connection.Client(connection.config);
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const redacted = (url: string) => withoutPassword(url).url;
