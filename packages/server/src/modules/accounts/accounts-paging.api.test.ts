import { accountsPage, type AccountsListQuery } from '@keydeck/contract/accounts';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, seedAccount } from '../../../test/fixtures.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The accounts list pages by keyset in every order: following its cursors shows what page numbers show. */
let t: TestApp;
let platform: Visitor;
const ACCOUNTS = 23; // the platform's own, acme and 21 created

beforeAll(async () => {
  t = await createTestApp();
  await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  const accounts = Array.from({ length: ACCOUNTS - 2 }, (_, i) => {
    const slug = `paged-${String(i).padStart(2, '0')}`;
    return { name: `Company ${slug}`, api_name: `api-${slug}`, account_slug: slug, account_code: `PG${String(i).padStart(2, '0')}` };
  });
  const created = await platform.call({ method: 'POST', url: ApiPath.adminAccounts, payload: { accounts } });
  expect(created.statusCode, created.body).toBe(201);
  // Names equal but for case (the order is case-insensitive), and accounts created in the same microsecond: ties
  // the id must break.
  await t.database.db.execute(sql`update accounts set name = case when account_slug < 'paged-05' then 'Tied Company' else 'TIED company' end
    where account_slug between 'paged-00' and 'paged-11'`);
  await t.database.db.execute(sql`update accounts set created_at = '2026-02-01 09:00:00.123456+00' where account_slug between 'paged-04' and 'paged-17'`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof accountsPage.parse>;
const list = async (query: Partial<Record<keyof AccountsListQuery, string>>): Promise<Page> => {
  const res = await platform.get(`${ApiPath.adminAccounts}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return accountsPage.parse(res.json());
};
const slugs = (page: Page) => page.data.map((account) => account.account_slug);

describe('accounts list by keyset', () => {
  it.each([
    ['name', 'asc', {}],
    ['name', 'desc', {}],
    ['account_slug', 'asc', {}],
    ['account_slug', 'desc', {}],
    ['created_at', 'asc', {}],
    ['created_at', 'desc', {}],
    ['name', 'asc', { search: 'paged-1' }],
  ])('pages forward and back by cursor (%s %s, %j) through the accounts page numbers show', async (order_by, order, filters) => {
    const first = await list({ order_by, order, ...filters });
    expect(first.prev_cursor).toBeNull();
    const pages = Math.ceil(first.total / 5);
    expect(pages).toBeGreaterThan(1);
    const byNumber: string[] = (await pagesByNumber(list, { order_by, order, ...filters }, pages)).flatMap(slugs);
    expect(byNumber).toHaveLength(first.total);
    expect(new Set(byNumber).size).toBe(first.total);

    const forward = await pagesForward(list, { order_by, order, ...filters }, first);
    expect(forward.flatMap(slugs)).toEqual(byNumber);
    expect(forward.every((page) => page.total === first.total)).toBe(true);

    const backward = await pagesBackward(list, { order_by, order, ...filters });
    expect(backward[0]!.next_cursor).toBeNull();
    expect(slugs(backward[0]!)).toEqual(byNumber.slice((pages - 1) * 5));
    expect(backward.reverse().flatMap(slugs)).toEqual(byNumber);
  });

  it('answers every account on page 1 of 100, as the pickers ask, with no page either side', async () => {
    const all = await list({ page: '1', page_size: '100', order: 'asc', order_by: 'name' });
    expect(all.total).toBe(ACCOUNTS);
    expect(all.data).toHaveLength(ACCOUNTS);
    expect([all.next_cursor, all.prev_cursor]).toEqual([null, null]);
  });
});
