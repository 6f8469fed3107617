import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { postgresWorkDir, run } from './postgres.mjs';

// Ported from packages/server/test/postgres-replication.ts (the bench has no TypeScript runner), with fsync on:
// what synchronous replication costs is measured next to the primary's own flush, as in production.
const STANDBY_NAME = 'keydeck_standby';
const REPLICATOR_PASSWORD = 'replicator-password';

/**
 * A PostgreSQL primary and a synchronous streaming-replication standby (pg_basebackup -R) on 127.0.0.1, with an empty
 * database `database` on the primary. `hosts` is both, primary first, as DATABASE_URL names them.
 */
export async function startReplicatedPostgres(database) {
  const dir = postgresWorkDir();
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const started = new Set();
  const start = (data, port, extra = '') => {
    run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', `${data}.log`, '-o', `-p ${port} -k ${dir} ${extra}`, 'start']);
    started.add(data);
  };
  const stopNow = (data) => {
    if (started.delete(data)) run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
  };
  const stop = () => {
    try {
      for (const data of [...started]) stopNow(data);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}`;
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    writeFileSync(
      join(primary, 'pg_hba.conf'),
      ['local all all trust', 'host replication replicator 127.0.0.1/32 scram-sha-256', 'host all all 127.0.0.1/32 trust', ''].join('\n'),
    );
    appendFileSync(join(primary, 'postgresql.conf'), ["listen_addresses = '127.0.0.1'", 'max_connections = 200', 'wal_level = replica', 'max_wal_senders = 5', ''].join('\n'));
    start(primary, primaryPort);
    await sql(primaryUrl, `create role replicator replication login password '${REPLICATOR_PASSWORD}'`);
    await sql(primaryUrl, `create database ${database}`);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'replicator', '-D', standby, '-R', '-X', 'stream', '-c', 'fast'], { PGPASSWORD: REPLICATOR_PASSWORD });
    start(standby, standbyPort, `-c cluster_name=${STANDBY_NAME}`);
    // On the primary alone, once the standby runs: the promoted standby must not wait for a standby of its own.
    await sql(primaryUrl, `alter system set synchronous_standby_names = '${STANDBY_NAME}'`);
    await setSynchronousCommit(primaryUrl, 'on');
    await untilSynchronous(primaryUrl);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    hosts: `127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}`,
    /** on: a commit waits for the standby's flush; local: for the primary's own; off: for neither. */
    synchronousCommit: (value) => setSynchronousCommit(primaryUrl, value),
    /** The primary lost at once, as by a crash. */
    stopPrimary: () => stopNow(primary),
    promoteStandby: () => run('pg_ctl', ['-D', standby, '-w', '-t', '60', 'promote']),
    stop,
  };
}

/** The server's default, read again by every session (none sets its own). */
async function setSynchronousCommit(url, value) {
  await sql(url, `alter system set synchronous_commit = '${value}'`);
  await sql(url, 'select pg_reload_conf()');
}

async function sql(url, text) {
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function untilSynchronous(url) {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const { rows } = await sql(url, `select 1 from pg_stat_replication where application_name = '${STANDBY_NAME}' and sync_state = 'sync'`);
    if (rows.length) return;
  }
  throw new Error('the standby did not become synchronous within 30 s');
}
