import { ApiPath } from '@keydeck/contract/http';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let platform: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  platform = new Visitor(t.app);
  expect((await platform.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a platform administrator naming an account that does not exist', () => {
  it.each([
    ['users.create', ApiPath.users, { users: [{ username: 'ghost', name: 'Ghost', email: 'ghost@example.test' }] }],
    ['roles.create', ApiPath.roles, { roles: [{ name: 'Ghosts', permissions: [] }] }],
    ['allowlist.add', ApiPath.adminIps, { ip_address: '192.0.2.1' }],
  ])('is answered 404 and the refusal audited in their own account: %s', async (action, url, body) => {
    const missing = randomUUID();
    const res = await platform.call({ method: 'POST', url, payload: { ...body, account_id: missing } });
    expect(res.statusCode).toBe(404);

    const [own] = await queryRows<{ account_id: string }>(t.database.db, sql`select account_id from users where username = ${ADMIN.username}`);
    const events = await queryRows<{ account_id: string; outcome: string; reason: string }>(
      t.database.db,
      sql`select account_id, outcome, reason from audit_events where action = ${action} and request_id = ${res.json().request_id}`,
    );
    expect(events).toEqual([{ account_id: own!.account_id, outcome: 'refused', reason: expect.stringContaining(missing) }]);
  });
});
