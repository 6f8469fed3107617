import { devicesResponse, type DevicesQuery } from '@keydeck/contract/devices';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { pagesBackward, pagesByNumber, pagesForward } from '../../../test/keyset-walk.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

/** The device list pages by keyset where its order allows: following the cursors shows what page numbers show. */
let t: TestApp;
let admin: Visitor;
const DEVICES = 23;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await serviceAdministrator(t));
  expect((await admin.call({ method: 'POST', url: ApiPath.deviceGroups, payload: { groups: [{ group_name: 'Lanes' }, { group_name: 'Kiosks' }] } })).statusCode).toBe(201);
  const devices = Array.from({ length: DEVICES }, (_, i) => ({ serial: `SN-${String(i).padStart(3, '0')}`, group: i % 3 ? 'Lanes' : 'Kiosks' }));
  expect((await admin.call({ method: 'POST', url: ApiPath.devices, payload: { devices } })).statusCode).toBe(201);
  // Devices added in the same microsecond, and some never loaded: ties and empty values the pages must get right.
  await t.database.db.execute(sql`update devices set created_at = '2026-03-01 10:00:00.654321+00' where serial < 'SN-012'`);
  await t.database.db.execute(sql`update devices set last_load = case when serial > 'SN-015' then now() - interval '1 day' else now() end where serial > 'SN-008'`);
});
afterAll(() => t?.close());

type Page = ReturnType<typeof devicesResponse.parse>;
const list = async (query: Partial<Record<keyof DevicesQuery, string>>): Promise<Page> => {
  const res = await admin.get(`${ApiPath.devices}?${new URLSearchParams({ page_size: '5', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return devicesResponse.parse(res.json());
};
const serials = (page: Page) => page.data.map((device) => device.serial);

describe('device list by keyset', () => {
  it.each([
    ['serial', 'asc', {}],
    ['serial', 'desc', {}],
    ['group', 'asc', {}],
    ['created_at', 'desc', {}],
    ['serial', 'asc', { group: 'Lanes', archived: 'false' }],
  ])('pages by cursor in %s %s order (filters %j) through the devices page numbers show', async (order_by, order, filters) => {
    const byNumber: string[] = (await pagesByNumber(list, { order_by, order, ...filters }, 5)).flatMap(serials);
    expect(new Set(byNumber).size).toBe(byNumber.length);

    const forward = await pagesForward(list, { order_by, order, ...filters }, await list({ order_by, order, ...filters }));
    expect(forward.flatMap(serials)).toEqual(byNumber);

    const backward = await pagesBackward(list, { order_by, order, ...filters });

    expect(backward.reverse().flatMap(serials)).toEqual(byNumber);
  });

  it('pages by number where the order is by a value a device may lack, the last page included', async () => {
    const byNumber: string[] = (await pagesByNumber(list, { order_by: 'last_load' }, 5)).flatMap(serials);
    expect(byNumber).toHaveLength(DEVICES);
    // Never loaded devices come last, whatever the direction.
    expect(byNumber.slice(-9)).toEqual(['SN-000', 'SN-001', 'SN-002', 'SN-003', 'SN-004', 'SN-005', 'SN-006', 'SN-007', 'SN-008']);
    const first = await list({ order_by: 'last_load' });
    expect([first.next_cursor, first.prev_cursor]).toEqual([null, null]);
    expect(serials(await list({ order_by: 'last_load', last: 'true' }))).toEqual(byNumber.slice(20));
  });
});
