import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { freeTcpPort } from './free-port.ts';
import { postgresWorkDir, runPostgresTool as run } from './postgres-server.ts';

/** The standby's name (cluster_name, which its WAL receiver reports as application_name) in synchronous_standby_names. */
const STANDBY_NAME = 'keydeck_standby';
const REPLICATOR_PASSWORD = 'replicator-password';

export interface ReplicatedPostgres {
  /** Superuser URLs of each server alone (trust on 127.0.0.1). */
  primaryUrl: string;
  standbyUrl: string;
  /** Both hosts, primary first, as DATABASE_URL names them. */
  hosts: string;
  /** The primary lost at once, as by a crash: no shutdown checkpoint, connections cut. */
  stopPrimary(): void;
  /** The standby made the primary; resolves once it accepts writes (pg_ctl promote -w). */
  promoteStandby(): void;
  stop(): void;
}

/**
 * A PostgreSQL primary and a streaming-replication standby made from it with pg_basebackup -R, both on 127.0.0.1.
 * Replication is synchronous (synchronous_standby_names, synchronous_commit=on): a commit is acknowledged only once
 * the standby has flushed it, so every acknowledged write survives the primary's loss. fsync=off as in the other
 * test servers: only the primary is ever lost, and never started again.
 * @param synchronous false: asynchronous replication (for measuring what synchronous costs).
 */
export async function startReplicatedPostgres(synchronous = true): Promise<ReplicatedPostgres> {
  const dir = postgresWorkDir();
  const [primaryPort, standbyPort] = [await freeTcpPort(), await freeTcpPort()];
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const start = (data: string, port: number, extra = '') =>
    run('pg_ctl', ['-D', data, '-w', '-t', '60', '-l', `${data}.log`, '-o', `-p ${port} -k ${dir} ${extra}`, 'start']);
  const stop = (data: string) => run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);

  run('initdb', ['-D', primary, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // Only the replication login may stream WAL, with its password; everything else is trusted on the loopback.
  writeFileSync(
    join(primary, 'pg_hba.conf'),
    ['local all all trust', 'host replication replicator 127.0.0.1/32 scram-sha-256', 'host all all 127.0.0.1/32 trust', ''].join('\n'),
  );
  // In postgresql.conf, so the standby's copy has them too: it serves the same way once promoted.
  appendFileSync(
    join(primary, 'postgresql.conf'),
    [
      "listen_addresses = '127.0.0.1'",
      'fsync = off',
      'max_connections = 100',
      'wal_level = replica',
      'max_wal_senders = 5',
      'synchronous_commit = on',
      '',
    ].join('\n'),
  );
  start(primary, primaryPort);
  const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}`;
  await sql(primaryUrl, `create role replicator replication login password '${REPLICATOR_PASSWORD}'`);

  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'replicator', '-D', standby, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'], {
    PGPASSWORD: REPLICATOR_PASSWORD,
  });
  start(standby, standbyPort, `-c cluster_name=${STANDBY_NAME}`);
  // Only now, and on the primary alone: before, its commits would wait for a standby not there yet; the standby,
  // once promoted, runs alone until an operator attaches a new one, so it must not wait for one either.
  if (synchronous) {
    await sql(primaryUrl, `alter system set synchronous_standby_names = '${STANDBY_NAME}'`);
    await sql(primaryUrl, 'select pg_reload_conf()');
    await untilSynchronous(primaryUrl);
  }

  let primaryRunning = true;
  return {
    primaryUrl,
    standbyUrl: `postgres://postgres@127.0.0.1:${standbyPort}`,
    hosts: `127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}`,
    stopPrimary() {
      stop(primary);
      primaryRunning = false;
    },
    promoteStandby: () => run('pg_ctl', ['-D', standby, '-w', '-t', '60', 'promote']),
    stop() {
      try {
        if (primaryRunning) stop(primary);
        stop(standby);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: `${url}/postgres` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Until the primary reports the standby streaming as its synchronous standby. */
async function untilSynchronous(primaryUrl: string): Promise<void> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const { rows } = await sql(primaryUrl, `select 1 from pg_stat_replication where application_name = '${STANDBY_NAME}' and sync_state = 'sync'`);
    if (rows.length) return;
  }
  throw new Error('the standby did not become synchronous within 30 s');
}
