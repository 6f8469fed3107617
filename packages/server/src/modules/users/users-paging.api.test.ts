import { ApiPath } from '@keydeck/contract/http';
import { usersPage, type UsersListQuery } from '@keydeck/contract/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, seedAccount, signedInUser } from '../../../test/fixtures.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MALFORMED_CURSOR } from '../../platform/keyset.ts';

/** The users list pages by keyset in every order: following its cursors shows what page numbers show. */
let t: TestApp;
let admin: Visitor;
let platform: Visitor;
let acmeId: string;
const USERS = 23;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  acmeId = acme.accountId;
  admin = await signedInUser(t, 'acme-admin');
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  const invited = Array.from({ length: USERS - 1 }, (_, i) => {
    const username = `paged-${String(i).padStart(2, '0')}`;
    return { username, name: `User ${username}`, email: `${username}@example.test` };
  });
  const created = await admin.call({ method: 'POST', url: ApiPath.users, payload: { users: invited } });
  expect(created.statusCode, created.body).toBe(201);
  // Names and emails equal but for case (the orders are case-insensitive), and users added in the same
  // microsecond: ties the id must break.
  await t.database.db.execute(sql`update users set name = case when username < 'paged-06' then 'Tied Name' else 'TIED name' end
    where account_id = ${acmeId} and username < 'paged-12'`);
  await t.database.db.execute(sql`update users set email = case when username < 'paged-10' then 'Shared@Example.test' else 'shared@example.test' end
    where account_id = ${acmeId} and username between 'paged-05' and 'paged-14'`);
  await t.database.db.execute(sql`update users set created_at = '2026-02-01 09:00:00.123456+00' where account_id = ${acmeId} and username < 'paged-15'`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof usersPage.parse>;
const list = async (query: Partial<Record<keyof UsersListQuery, string>>, visitor = admin): Promise<Page> => {
  const res = await visitor.get(`${ApiPath.users}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return usersPage.parse(res.json());
};
const usernames = (page: Page) => page.data.map((user) => user.username);

describe('users list by keyset', () => {
  it.each([
    ['name', 'asc', {}],
    ['name', 'desc', {}],
    ['username', 'asc', {}],
    ['username', 'desc', {}],
    ['email', 'asc', {}],
    ['created_at', 'asc', {}],
    ['created_at', 'desc', {}],
    ['name', 'asc', { search: 'paged-1' }],
  ])('pages forward and back by cursor (%s %s, %j) through the users page numbers show', async (order_by, order, filters) => {
    const first = await list({ order_by, order, ...filters });
    expect(first.prev_cursor).toBeNull();
    const pages = Math.ceil(first.total / 5);
    expect(pages).toBeGreaterThan(1);
    const byNumber: string[] = (await pagesByNumber(list, { order_by, order, ...filters }, pages)).flatMap(usernames);
    expect(byNumber).toHaveLength(first.total);
    expect(new Set(byNumber).size).toBe(first.total);

    const forward = await pagesForward(list, { order_by, order, ...filters }, first);
    expect(forward.flatMap(usernames)).toEqual(byNumber);
    expect(forward.every((page) => page.total === first.total)).toBe(true);

    const backward = await pagesBackward(list, { order_by, order, ...filters });
    expect(backward[0]!.next_cursor).toBeNull();
    expect(usernames(backward[0]!)).toEqual(byNumber.slice((pages - 1) * 5));
    expect(backward.reverse().flatMap(usernames)).toEqual(byNumber);
  });

  it("pages another account's users by cursor for a platform administrator, counted exactly", async () => {
    const first = await list({ account_id: acmeId }, platform);
    expect(first.total).toBe(USERS);
    const second = await list({ account_id: acmeId, after: first.next_cursor! }, platform);
    expect(usernames(second)).toEqual(usernames(await list({ page: '2' })));
  });

  it('refuses a cursor it did not answer', async () => {
    const bad = await admin.get(`${ApiPath.users}?after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ after: [MALFORMED_CURSOR] });
  });
});
