import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SYSTEM_SCOPE, accountScope, inScope } from '../platform/tenant-scope.ts';
import { rowsOf } from './raw-sql.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PLAN_MODE = sql`select current_setting('plan_cache_mode') as mode`;

// Statements are prepared once; a plan made once for any values turned a search of 100,000 keys by name fragment ten
// times slower (bench, keys), while the statement every request starts with gains from one (bench, HTTP load).
describe('statement plans', () => {
  it('are made for the values in every tenant-scoped transaction, and left to PostgreSQL outside one', async () => {
    for (const scope of [SYSTEM_SCOPE, accountScope('00000000-0000-4000-8000-000000000001')]) {
      const [inside] = await inScope(t.database.db, scope, (tx) => rowsOf<{ mode: string }>(tx, PLAN_MODE));
      expect(inside!.mode).toBe('force_custom_plan');
    }
    const [outside] = await rowsOf<{ mode: string }>(t.database.db, PLAN_MODE);
    expect(outside!.mode).toBe('auto');
  });
});
