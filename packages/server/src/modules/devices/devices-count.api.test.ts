import { devicesResponse, type DevicesQuery } from '@keydeck/contract/devices';
import { ApiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

/**
 * The device list's total: a filter the planner expects to match many devices shows its estimate, never read row
 * by row; a filter matching few is counted exactly. 3,000 devices in two groups (2,990 and 10).
 */
let t: TestApp;
let admin: Visitor;
const MANY = 2_990;
const FEW = 10;

beforeAll(async () => {
  t = await createTestApp();
  let accountId: string;
  let serviceId: string;
  ({ admin, accountId, serviceId } = await serviceAdministrator(t));
  expect((await admin.call({ method: 'POST', url: ApiPath.deviceGroups, payload: { groups: [{ group_name: 'Lanes' }, { group_name: 'Kiosks' }] } })).statusCode).toBe(201);
  await t.database.db.execute(sql`insert into devices (account_id, service_id, serial, group_id)
    select ${accountId}, ${serviceId}, 'SN-' || lpad(i::text, 5, '0'), g.id
    from generate_series(1, ${MANY + FEW}) i join device_groups g on g.service_id = ${serviceId} and g.name = case when i <= ${FEW} then 'Kiosks' else 'Lanes' end`);
  // The planner's statistics, as autovacuum keeps them on a live database.
  await t.database.db.execute(sql`analyze devices`);
});
afterAll(() => t?.close());

const list = async (query: Partial<Record<keyof DevicesQuery, string>>) => {
  const res = await admin.get(`${ApiPath.devices}?${new URLSearchParams({ page_size: '10', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return devicesResponse.parse(res.json());
};

describe('device list total', () => {
  it('is the planner’s estimate where many devices match, and the pages still start and end right', async () => {
    const first = await list({});
    expect(first.total_estimated).toBe(true);
    expect(first.total_capped).toBe(false);
    expect(first.total).toBeGreaterThan((MANY + FEW) * 0.9);
    expect(first.total).toBeLessThan((MANY + FEW) * 1.1);
    expect(first.data[0]!.serial).toBe('SN-00001');
    // Without an exact count the last page is read from the end: a full page, ending at the last device.
    const last = await list({ last: 'true' });
    expect(last.data.map((device) => device.serial).at(-1)).toBe(`SN-0${MANY + FEW}`);
    expect(last.data).toHaveLength(10);
  });

  it('is counted exactly where few devices match', async () => {
    const few = await list({ group: 'Kiosks' });
    expect(few).toMatchObject({ total: FEW, total_capped: false });
    expect(few.total_estimated).toBeUndefined();
    const none = await list({ search: 'no such serial' });
    expect(none).toMatchObject({ total: 0, total_capped: false, data: [] });
  });
});
