import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFreezableProxy, type FreezableProxy } from '../../test/freezable-proxy.ts';
import { StatementTimeout } from './postgres-client.ts';
import { postgresConnection } from './postgres-hosts.ts';

/**
 * The serving pool's statement timeout on its own: the test PostgreSQL named twice, first through a proxy that
 * freezes as a partition does, then directly, so which host a connection went to shows in its port.
 */
const STATEMENT_TIMEOUT_MS = 500;
/** A host the look tries gets this long (the pool's own wait is longer, so the look can finish). */
const CONNECTION_TIMEOUT_MS = 1_000;

let proxy: FreezableProxy;
let pool: pg.Pool;
let directPort: number;
let proxyPort: number;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  const base = new URL(inject('postgresUrl'));
  directPort = Number(base.port);
  proxy = await startFreezableProxy({ host: base.hostname, port: directPort });
  proxyPort = Number(new URL(`postgres://${proxy.address}`).port);
  const connection = postgresConnection(`postgres://${base.username}@${proxy.address},${base.host}/postgres`, CONNECTION_TIMEOUT_MS, STATEMENT_TIMEOUT_MS);
  pool = new pg.Pool({ ...connection.config, connectionTimeoutMillis: 5_000, max: 2, Client: connection.Client });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await proxy?.close();
  await pool?.end();
});

describe('the statement timeout of a pool', () => {
  it('lets answers within it through and keeps their connection, by promise and by callback', async () => {
    const client = await pool.connect();
    try {
      expect(client.port).toBe(proxyPort);
      await client.query('select pg_sleep(0.2)');
      await pause(STATEMENT_TIMEOUT_MS + 200);
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    // pool.query hands node-postgres a callback.
    await pool.query('select pg_sleep(0.2)');
    await pause(STATEMENT_TIMEOUT_MS + 200);
    await pool.query('select 1');
    expect(pool.totalCount).toBe(1);
  });

  it('fails a statement unanswered within it, drops its connection, and sends the next connection to the next host', async () => {
    proxy.freeze();
    const sentAt = Date.now();
    await expect(pool.query('select 1')).rejects.toBeInstanceOf(StatementTimeout);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 10);
    expect(Date.now() - sentAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 500);
    expect(pool.totalCount).toBe(0);
    // The proxy's host was marked lost: the next connection looks (the frozen host costs its connection timeout).
    const client = await pool.connect();
    try {
      expect(client.port).toBe(directPort);
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });
});
