import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, queryRows, seedAccount } from '../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';
import { sweep } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.database.db, 'acme', [{ username: 'ada' }, { username: 'bob' }]);
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('removes dead sessions, old rate-limit windows and sign-in waits a day past, and keeps the live ones', async () => {
    const live = new Visitor(t.app);
    await live.signIn('ada', PASSWORD);
    const stale = new Visitor(t.app);
    await stale.signIn('bob', PASSWORD);
    const db = t.database.db;
    await queryRows(db, sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = (select id from users where username = 'bob')`);
    await queryRows(db, sql`insert into rate_limits (key, window_start, hits) values ('old', now() - interval '5 minutes', 3), ('fresh', now(), 1)`);
    await queryRows(db, sql`insert into sign_in_throttle (username, source, failures, next_attempt_at)
      values ('long-ago', '', 10, now() - interval '25 hours'), ('waiting', '', 10, now() + interval '1 hour'), ('recent', '', 10, now() - interval '1 hour')`);

    expect(await sweep(db, t.config.session)).toEqual({ sessions: 1 });

    expect((await live.get('/rest/api/v1/login')).statusCode).toBe(200);
    expect(await queryRows(db, sql`select key from rate_limits where key in ('old', 'fresh')`)).toEqual([{ key: 'fresh' }]);
    expect(await queryRows(db, sql`select username from sign_in_throttle where username in ('long-ago', 'waiting', 'recent') order by username`)).toEqual([{ username: 'recent' }, { username: 'waiting' }]);
  });
});
