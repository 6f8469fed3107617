import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../test/fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { rowsOf } from './raw-sql.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// A plan made once for any values turned a search of 100,000 keys by name fragment ten times slower (bench, keys).
describe('statement plans', () => {
  it('are made for the values on every connection, in and out of a transaction', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await queryRows<{ mode: string }>(t.database.db, sql`select current_setting('plan_cache_mode') as mode`);
      expect(row!.mode).toBe('force_custom_plan');
    }
    const inside = await t.database.db.transaction((tx) => rowsOf<{ mode: string }>(tx, sql`select current_setting('plan_cache_mode') as mode`));
    expect(inside[0]!.mode).toBe('force_custom_plan');
  });

  it('are made once in the functions every request starts with, which look rows up by key', async () => {
    const functions = await queryRows<{ name: string; config: string[] | null }>(
      t.database.db,
      sql`select proname as name, proconfig as config from pg_proc
          where proname in ('keydeck_session_principal', 'keydeck_service_session', 'keydeck_credential_principal', 'keydeck_oauth_principal')
          order by proname`,
    );
    expect(functions.map((f) => f.name)).toEqual(['keydeck_credential_principal', 'keydeck_oauth_principal', 'keydeck_service_session', 'keydeck_session_principal']);
    for (const f of functions) expect(f.config).toContain('plan_cache_mode=force_generic_plan');
  });
});
