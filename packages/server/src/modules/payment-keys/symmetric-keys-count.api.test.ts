import { ApiPath } from '@keydeck/contract/http';
import { symmetricKeysResponse, type SymmetricKeysQuery } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAdministrator } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

/**
 * The key list's total: the planner's estimate where it expects many keys (none read to count them), an exact
 * count where few match. 3,000 keys written straight into the table (the list reads no key material), 5 through the API.
 */
let t: TestApp;
let admin: Visitor;
const MANY = 3_000;
const FEW = 5;

beforeAll(async () => {
  t = await createTestApp();
  let accountId: string;
  let serviceId: string;
  ({ admin, accountId, serviceId } = await serviceAdministrator(t));
  expect((await admin.call({ method: 'POST', url: ApiPath.keyGroups, payload: { groups: [{ name: 'Bulk' }, { name: 'Few' }] } })).statusCode).toBe(201);
  const rows = Array.from({ length: FEW }, (_, i) => ({ source: 'generate', name: `Few ${i}`, group: 'Few', algorithm: 'AES_128', usage: 'D0', mode_of_use: 'B', exportability: 'E' }));
  expect((await admin.call({ method: 'POST', url: ApiPath.symmetricKeys, payload: { symmetric_keys: rows } })).statusCode).toBe(200);
  await t.database.db.execute(sql`insert into symmetric_keys (account_id, service_id, group_id, name, algorithm, usage, mode_of_use, exportability,
      version, kcv, kcv_method, origin, keystore, key_ref, material_id)
    select ${accountId}, ${serviceId}, g.id, 'Bulk ' || lpad(i::text, 4, '0'), 'AES_128', 'D0', 'B', 'E', '00', '000000', 'aes-cmac', 'generated',
      'software', 'none', gen_random_uuid()
    from generate_series(1, ${MANY}) i join key_groups g on g.service_id = ${serviceId} and g.name = 'Bulk'`);
  // The planner's statistics, as autovacuum keeps them on a live database.
  await t.database.db.execute(sql`analyze symmetric_keys`);
});
afterAll(() => t?.close());

const list = async (query: Partial<Record<keyof SymmetricKeysQuery, string>>) => {
  const res = await admin.get(`${ApiPath.symmetricKeys}?${new URLSearchParams({ page_size: '10', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return symmetricKeysResponse.parse(res.json());
};

describe('key list total', () => {
  it('is the planner’s estimate where many keys match', async () => {
    const first = await list({});
    expect(first).toMatchObject({ total_estimated: true, total_capped: false });
    expect(first.total).toBeGreaterThan((MANY + FEW) * 0.9);
    expect(first.total).toBeLessThan((MANY + FEW) * 1.1);
    expect(first.data[0]!.name).toBe('Bulk 0001');
    // Paging on by cursor answers the same estimate.
    const second = await list({ after: first.next_cursor! });
    expect(second.data[0]!.name).toBe('Bulk 0011');
    expect(second.total_estimated).toBe(true);
  });

  it('is counted exactly where few keys match', async () => {
    const few = await list({ group: 'Few' });
    expect(few).toMatchObject({ total: FEW, total_capped: false });
    expect(few.total_estimated).toBeUndefined();
    expect(few.data.map((key) => key.name)).toEqual(['Few 0', 'Few 1', 'Few 2', 'Few 3', 'Few 4']);
  });
});
