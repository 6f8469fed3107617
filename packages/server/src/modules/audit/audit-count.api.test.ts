import { auditPage, type AuditListQuery } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The audit log's total: the planner's estimate where it expects many events (none read to count them), an exact
 * count where few match. 3,000 events written straight into the table, as a busy account's log holds them.
 */
let t: TestApp;
let admin: Visitor;
const MANY = 3_000;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
  await t.database.db.execute(sql`insert into audit_events (account_id, occurred_at, actor_username, action, target, outcome, client_address, request_id,
      seq, prev_hash, hash, keyed, link_format)
    select ${acme.accountId}, now() - i * interval '1 minute', 'bulk.user', 'role.create', md5(i::text), 'success', '10.0.0.1', 'bulk-' || i,
      1000000 + i, md5((i - 1)::text), md5(i::text), false, 2
    from generate_series(1, ${MANY}) i`);
  // The planner's statistics, as autovacuum keeps them on a live database.
  await t.database.db.execute(sql`analyze audit_events`);
});
afterAll(() => t?.close());

const list = async (query: Partial<Record<keyof AuditListQuery, string>>) => {
  const res = await admin.get(`${ApiPath.auditEvents}?${new URLSearchParams({ page_size: '10', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditPage.parse(res.json());
};

describe('audit log total', () => {
  it('is the planner’s estimate where many events match, on every page', async () => {
    const first = await list({});
    expect(first).toMatchObject({ total_estimated: true, total_capped: false });
    expect(first.total).toBeGreaterThan(MANY * 0.9);
    expect(first.total).toBeLessThan(MANY * 1.1);
    const second = await list({ after: first.next_cursor! });
    expect(second.total_estimated).toBe(true);
    expect(new Date(second.data[0]!.occurred_at).getTime()).toBeLessThanOrEqual(new Date(first.data.at(-1)!.occurred_at).getTime());
    expect(second.data.map((event) => event.id)).not.toContain(first.data.at(-1)!.id);
  });

  it('is counted exactly where few events match', async () => {
    const own = await list({ user: 'acme-admin' });
    expect(own.total_estimated).toBeUndefined();
    expect(own.total_capped).toBe(false);
    expect(own.total).toBe(own.data.length);
    expect(own.data.every((event) => event.actor_username === 'acme-admin')).toBe(true);
  });
});
