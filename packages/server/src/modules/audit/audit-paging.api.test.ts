import { auditPage, type AuditListQuery } from '@keydeck/contract/audit';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount } from '../../../test/fixtures.ts';
import { pagesByNumber } from '../../../test/keyset-walk.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The audit log pages by keyset in time and action order: following its cursors shows what page numbers show. */
let t: TestApp;
let admin: Visitor;
const ROLES = 12;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
  // Sign-in and role events, half of them then in the same microsecond: ties the id must break.
  for (let i = 0; i < ROLES; i++) {
    const created = await admin.call({ method: 'POST', url: ApiPath.roles, payload: { roles: [{ name: `Paged ${i}`, permissions: [Permission.auditRead] }] } });
    expect(created.statusCode, created.body).toBe(201);
  }
  // The log is append-only: the test lifts that as the table's owner, as the tampering tests do.
  await t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
  await t.database.db.execute(sql`update audit_events set occurred_at = '2026-05-01 08:00:00.000001+00' where account_id = ${acme.accountId} and id % 2 = 0`);
  await t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
});
afterAll(() => t?.close());

type Page = ReturnType<typeof auditPage.parse>;
const list = async (query: Partial<Record<keyof AuditListQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.auditEvents}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditPage.parse(res.json());
};
const ids = (page: Page) => page.data.map((event) => event.id);

describe('audit log by keyset', () => {
  it.each([
    ['occurred_at', 'desc'],
    ['occurred_at', 'asc'],
    ['action', 'asc'],
    ['actor_username', 'asc'],
  ])('pages forward and back (%s %s) through the events page numbers show', async (order_by, order) => {
    const first = await list({ order_by, order });
    expect(first.total_capped).toBe(false);
    const pages = Math.ceil(first.total / 5);
    expect(pages).toBeGreaterThan(2);
    const byNumber: number[] = (await pagesByNumber(list, { order_by, order }, pages)).flatMap(ids);
    expect(new Set(byNumber).size).toBe(first.total);

    const forward: Page[] = [first];
    for (let page = 2; page <= pages; page++) {
      const cursor = forward.at(-1)!.next_cursor;
      forward.push(cursor ? await list({ order_by, order, after: cursor, page: String(page) }) : await list({ order_by, order, page: String(page) }));
    }
    expect(forward.flatMap(ids)).toEqual(byNumber);
    expect(ids(await list({ order_by, order, last: 'true' }))).toEqual(byNumber.slice((pages - 1) * 5));
  });
});
