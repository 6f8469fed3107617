import { ApiPath } from '@keydeck/contract/http';
import { symmetricKeysResponse, type SymmetricKeysQuery } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { MALFORMED_CURSOR } from '../../platform/keyset.ts';

/** The key list pages by keyset: following its cursors shows every key once, in order, as offsets would. */
let t: TestApp;
let admin: Visitor;
const KEYS = 23;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await serviceAdministrator(t));
  expect((await admin.call({ method: 'POST', url: ApiPath.keyGroups, payload: { groups: [{ name: 'Paged' }] } })).statusCode).toBe(201);
  const rows = Array.from({ length: KEYS }, (_, i) => ({ source: 'generate', name: `Key ${String(i).padStart(2, '0')}`, group: 'Paged', algorithm: 'AES_128', usage: 'D0', mode_of_use: 'B', exportability: 'E' }));
  expect((await admin.call({ method: 'POST', url: ApiPath.symmetricKeys, payload: { symmetric_keys: rows } })).statusCode).toBe(200);
  // Several keys made in the same microsecond: the cursor must still tell them apart by id.
  await t.database.db.execute(sql`update symmetric_keys set created_at = '2026-01-01 00:00:00.123456+00' where name < 'Key 10'`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof symmetricKeysResponse.parse>;
const list = async (query: Partial<Record<keyof SymmetricKeysQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.symmetricKeys}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return symmetricKeysResponse.parse(res.json());
};
const names = (page: Page) => page.data.map((key) => key.name);

describe('key list by keyset', () => {
  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['created_at', 'asc'],
    ['created_at', 'desc'],
  ])('pages forward and back by cursor (%s %s) through the same keys as by page number', async (order_by, order) => {
    const byOffset: string[] = (await pagesByNumber(list, { order_by, order }, 5)).flatMap(names);
    expect(byOffset).toHaveLength(KEYS);
    expect(new Set(byOffset).size).toBe(KEYS);

    const forward = await pagesForward(list, { order_by, order }, await list({ order_by, order }));
    expect(forward[0]!.prev_cursor).toBeNull();
    expect(forward.flatMap(names)).toEqual(byOffset);
    expect(forward.every((page) => page.total === KEYS)).toBe(true);

    const backward = await pagesBackward(list, { order_by, order });
    expect(backward[0]!.next_cursor).toBeNull();
    expect(names(backward[0]!)).toEqual(byOffset.slice(20));
    // Read from the end, the last page holds the 3 left over after the full pages, as page 5 does.
    expect(backward.reverse().flatMap(names)).toEqual(byOffset);
  });

  it('refuses a cursor it did not answer, and two directions at once, changing nothing', async () => {
    const bad = await admin.get(`${ApiPath.symmetricKeys}?after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ after: [MALFORMED_CURSOR] });
    const first = await list({});
    const both = await admin.get(`${ApiPath.symmetricKeys}?${new URLSearchParams({ after: first.next_cursor!, before: first.next_cursor! })}`);
    expect(both.statusCode).toBe(400);
  });
});
