import { ApiPath } from '@keydeck/contract/http';
import { keyAssignmentsResponse, type KeyAssignmentsQuery } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { MALFORMED_CURSOR } from '../../platform/keyset.ts';

/** The key-slot assignments page by keyset: following the cursors shows every assignment once, as page numbers do. */
let t: TestApp;
let admin: Visitor;
/** Lanes slots 0-11, Kiosks 0-7, Pumps 0-2: groups share slots, and Lanes' slots pass 9 (10 sorts after 9, not after 1). */
const SLOTS = { Lanes: 12, Kiosks: 8, Pumps: 3 };
const ASSIGNMENTS = 23;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await serviceAdministrator(t));
  const groups = Object.keys(SLOTS).map((group_name) => ({ group_name }));
  expect((await admin.call({ method: 'POST', url: ApiPath.deviceGroups, payload: { groups } })).statusCode).toBe(201);
  expect((await admin.call({ method: 'POST', url: ApiPath.keyGroups, payload: { groups: [{ name: 'Paged' }] } })).statusCode).toBe(201);
  const keys = ['Key A', 'Key B', 'Key C'].map((name) => ({ source: 'generate', name, group: 'Paged', algorithm: 'AES_128', usage: 'D0', mode_of_use: 'B', exportability: 'E' }));
  expect((await admin.call({ method: 'POST', url: ApiPath.symmetricKeys, payload: { symmetric_keys: keys } })).statusCode).toBe(200);
  // Three keys over 23 slots: many assignments tie in key order.
  const key_assignments = Object.entries(SLOTS).flatMap(([group, slots]) => Array.from({ length: slots }, (_, key_slot) => ({ group, key_slot, key: keys[key_slot % 3]!.name })));
  expect(key_assignments).toHaveLength(ASSIGNMENTS);
  const res = await admin.call({ method: 'POST', url: ApiPath.keyAssignments, payload: { key_assignments } });
  expect(res.json().results.every((r: { success: boolean }) => r.success), res.body).toBe(true);
  // Assignments made in the same microsecond: the cursor must still tell them apart.
  await t.database.db.execute(sql`update key_assignments set created_at = '2026-02-01 08:00:00.246813+00' where key_slot < 5`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof keyAssignmentsResponse.parse>;
const list = async (query: Partial<Record<keyof KeyAssignmentsQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.keyAssignments}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return keyAssignmentsResponse.parse(res.json());
};
const slots = (page: Page) => page.data.map((a) => `${a.group} ${a.key_slot}`);

describe('key assignments by keyset', () => {
  it.each([
    ['group', 'asc', {}],
    ['group', 'desc', {}],
    ['key_slot', 'asc', {}],
    ['key_slot', 'desc', {}],
    ['key', 'asc', {}],
    ['key', 'desc', {}],
    ['created_at', 'asc', {}],
    ['created_at', 'desc', {}],
    ['key_slot', 'asc', { group: 'lanes' }],
    ['group', 'asc', { search: 'Key B' }],
  ])('pages by cursor in %s %s order (filters %j) through the assignments page numbers show', async (order_by, order, filters) => {
    const first = await list({ order_by, order, ...filters });
    const pages = Math.ceil(first.total / 5);
    const byNumber: string[] = (await pagesByNumber(list, { order_by, order, ...filters }, pages)).flatMap(slots);
    expect(byNumber).toHaveLength(first.total);
    expect(new Set(byNumber).size).toBe(first.total);

    const forward = await pagesForward(list, { order_by, order, ...filters }, first);
    expect(first.prev_cursor).toBeNull();
    expect(forward.flatMap(slots)).toEqual(byNumber);
    expect(forward.every((page) => page.total === first.total && !page.total_capped)).toBe(true);

    const backward = await pagesBackward(list, { order_by, order, ...filters });
    expect(backward[0]!.next_cursor).toBeNull();
    expect(slots(backward[0]!)).toEqual(byNumber.slice((pages - 1) * 5));
    expect(backward.reverse().flatMap(slots)).toEqual(byNumber);
  });

  it('keeps a group\'s slots in slot order and a slot\'s groups in group order', async () => {
    const byGroup: string[] = (await pagesByNumber(list, {}, 5)).flatMap(slots);
    expect(byGroup.slice(0, 10)).toEqual(['Kiosks 0', 'Kiosks 1', 'Kiosks 2', 'Kiosks 3', 'Kiosks 4', 'Kiosks 5', 'Kiosks 6', 'Kiosks 7', 'Lanes 0', 'Lanes 1']);
    expect(byGroup.slice(16, 20)).toEqual(['Lanes 8', 'Lanes 9', 'Lanes 10', 'Lanes 11']);
    expect(slots(await list({ order_by: 'key_slot' }))).toEqual(['Kiosks 0', 'Lanes 0', 'Pumps 0', 'Kiosks 1', 'Lanes 1']);
  });

  it('refuses a cursor it did not answer', async () => {
    const bad = await admin.get(`${ApiPath.keyAssignments}?after=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ after: [MALFORMED_CURSOR] });
  });
});
