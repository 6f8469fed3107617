import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freeTcpPort } from './free-port.ts';

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throw-away PostgreSQL server from the installed binaries, listening on 127.0.0.1 only.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
export async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const dir = postgresWorkDir();
  const run = runPostgresTool;
  const port = await freeTcpPort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'),
    '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A directory for a throw-away server's files, writable by the `postgres` user the binaries run as. */
export function postgresWorkDir(): string {
  if (!existsSync(join(BIN, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${BIN}: install postgresql-15 (the API tests never skip PostgreSQL).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-pg-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** Runs one of PostgreSQL's programs (initdb, pg_ctl, pg_basebackup); as root, as the `postgres` user. */
export function runPostgresTool(command: string, args: string[], env: Record<string, string> = {}): void {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
}

/**
 * A new database on the test server with the two logins production should have: an owner that migrates (LOGIN and
 * CREATEROLE only, no superuser) and a serving login that owns nothing. Their URLs are MIGRATION_DATABASE_URL and
 * DATABASE_URL.
 */
export async function databaseWithTwoLogins(base: string): Promise<{ ownerUrl: string; servingUrl: string }> {
  const suffix = randomBytes(4).toString('hex');
  const [owner, serving] = [`keydeck_owner_${suffix}`, `keydeck_serving_${suffix}`];
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create role ${owner} login createrole password 'owner-password'`);
    await admin.query(`create role ${serving} login password 'serving-password'`);
    await admin.query(`create database ${owner} owner ${owner}`);
  } finally {
    await admin.end();
  }
  const url = (role: string, password: string) => {
    const u = new URL(base);
    u.username = role;
    u.password = password;
    u.pathname = `/${owner}`;
    return u.toString();
  };
  return { ownerUrl: url(owner, 'owner-password'), servingUrl: url(serving, 'serving-password') };
}
