import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteStatements } from './pglite-statements.ts';

describe('PGlite statements in one protocol round', () => {
  let client: PGlite;
  let statements: ReturnType<typeof pgliteStatements>;
  beforeAll(async () => {
    client = await PGlite.create();
    statements = pgliteStatements(client);
  });
  afterAll(() => client.close());

  const first = async (text: string, values: unknown[]) => (await statements.query(text, values)).rows[0] as Record<string, unknown>;

  it('passes each kind of value as node-postgres does, typed by the statement', async () => {
    expect(await first('select $1::int + 1 as n, $2::boolean as yes, $3::text as none', [41, true, null])).toEqual({ n: 42, yes: true, none: null });
    const at = new Date('2026-11-27T10:00:00.000Z');
    expect(await first(`select $1::timestamptz = '2026-11-27 10:00:00+00' as same`, [at])).toEqual({ same: true });
    expect(await first(`select $1::bytea = '\\x00ff10'::bytea as same`, [Buffer.from([0, 255, 16])])).toEqual({ same: true });
    expect(await first('select $1::text[] as list', [['a', 'b"c\\d', null]])).toEqual({ list: ['a', 'b"c\\d', null] });
    expect(await first('select $1::int[] as grid', [[[1, 2], [3, 4]]])).toEqual({ grid: [[1, 2], [3, 4]] });
    expect(await first(`select $1::jsonb ->> 'k' as k`, [{ k: 'v' }])).toEqual({ k: 'v' });
  });

  it('runs the same text again from its prepared statement, with new values', async () => {
    const text = 'select $1::text || $2::text as joined';
    expect(await first(text, ['a', 'b'])).toEqual({ joined: 'ab' });
    expect(await first(text, ['c', 'd'])).toEqual({ joined: 'cd' });
    const prepared = await client.query<{ count: number }>(`select count(*)::int as count from pg_prepared_statements where statement = $1`, [text]);
    expect(prepared.rows[0]!.count).toBe(1);
  });

  it('reports a failing statement and stays usable, in and out of a transaction', async () => {
    await expect(statements.query('select 1 / $1::int as n', [0])).rejects.toThrow(/division by zero/);
    expect(await first('select 1 / $1::int as n', [1])).toEqual({ n: 1 });
    await expect(statements.query('selec $1::int', [1])).rejects.toThrow(/syntax error/);
    const inside = await statements.transaction(async (tx) => (await tx.query('select $1::int * 2 as n', [21])).rows[0]);
    expect(inside).toEqual({ n: 42 });
    await expect(statements.transaction((tx) => tx.query('select 1 / $1::int as n', [0]))).rejects.toThrow(/division by zero/);
    expect(await first('select $1::int as n', [7])).toEqual({ n: 7 });
  });

  it('waits for an open transaction before a statement outside it runs', async () => {
    await client.exec('create table counters (n int)');
    let release!: () => void;
    let begun!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = statements.transaction(async (tx) => {
      await tx.query('insert into counters values ($1)', [1]);
      begun();
      await held;
      await tx.query('insert into counters values ($1)', [2]);
    });
    await inside;
    const outside = statements.query('select count(*)::int as n from counters where n > $1', [0]);
    release();
    await transaction;
    expect((await outside).rows[0]).toEqual({ n: 2 });
  });
});
