import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';

// Ported from packages/server/test/postgres-server.ts: the bench is plain .mjs and has no TypeScript runner.
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A throw-away PostgreSQL server on 127.0.0.1 with an empty database `database`.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user.
 */
export async function startPostgres(database) {
  const dir = postgresWorkDir();
  const data = join(dir, 'data');
  let started = false;
  const stop = () => {
    try {
      if (started) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const port = await freePort();
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    run('pg_ctl', [
      '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'),
      '-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`,
      'start',
    ]);
    started = true;
    const serverUrl = `postgres://postgres@127.0.0.1:${port}`;
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${database}`);
    } finally {
      await client.end();
    }
    return { url: `${serverUrl}/${database}`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** A directory for a throw-away server's files, writable by the `postgres` user the binaries run as. */
export function postgresWorkDir() {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`PostgreSQL binaries not found in ${BIN} (set POSTGRES_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-bench-pg-'));
  chmodSync(dir, 0o777);
  return dir;
}

/** Runs one of PostgreSQL's programs (initdb, pg_ctl, pg_basebackup); as root, as the `postgres` user. */
export function run(command, args, env = {}) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error?.message}`);
}
