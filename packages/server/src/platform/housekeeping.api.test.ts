import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, queryRows, seedAccount } from '../../test/fixtures.ts';
import { Visitor, createTestApp } from '../../test/test-app.ts';
import { sweep } from './housekeeping.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.database.db, 'acme', [{ username: 'ada' }, { username: 'bob' }]);
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('removes dead sessions, old rate-limit windows and expired locks, and keeps the live ones', async () => {
    const live = new Visitor(t.app);
    await live.signIn('ada', PASSWORD);
    const stale = new Visitor(t.app);
    await stale.signIn('bob', PASSWORD);
    const db = t.database.db;
    await queryRows(db, sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = (select id from users where username = 'bob')`);
    await queryRows(db, sql`insert into rate_limits (key, window_start, hits) values ('old', now() - interval '5 minutes', 3), ('fresh', now(), 1)`);
    await queryRows(db, sql`insert into login_throttle (username, failures, locked_until) values ('was-locked', 10, now() - interval '1 second'), ('locked', 10, now() + interval '1 hour')`);

    expect(await sweep(db, t.config.session)).toEqual({ sessions: 1 });

    expect((await live.get('/rest/api/v1/login')).statusCode).toBe(200);
    expect(await queryRows(db, sql`select key from rate_limits where key in ('old', 'fresh')`)).toEqual([{ key: 'fresh' }]);
    expect(await queryRows(db, sql`select username from login_throttle where username in ('was-locked', 'locked')`)).toEqual([{ username: 'locked' }]);
  });
});
