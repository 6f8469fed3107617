import { Messages } from '@keydeck/contract/messages';
import { portRangesPage, portRangesResponse } from '@keydeck/contract/port-ranges';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const RANGES = '/rest/api/v1/admin/port-ranges';
let t: TestApp;
let acme: SeededAccount;
let platform: Visitor;
const create = (...ranges: object[]) => platform.call({ method: 'POST', url: RANGES, payload: { port_ranges: ranges } });

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('port ranges', () => {
  it('creates ranges, assigns one to an account, and lists them in port order', async () => {
    const res = await create({ start_port: 9000, end_port: 9099, description: 'HSM data' }, { start_port: 8000, end_port: 8009, account_id: acme.accountId });
    expect(res.statusCode).toBe(201);
    const created = portRangesResponse.parse(res.json()).port_ranges;
    expect(created.find((r) => r.start_port === 8000)).toMatchObject({ account_id: acme.accountId, account_name: 'Company acme' });

    const page = portRangesPage.parse((await platform.get(RANGES)).json());
    expect(page.data.map((r) => [r.start_port, r.end_port])).toEqual([[8000, 8009], [9000, 9099]]);
    const acmeOnly = portRangesPage.parse((await platform.get(`${RANGES}?account_id=${acme.accountId}`)).json());
    expect(acmeOnly.total).toBe(1);
  });

  it('refuses overlapping ranges, inside one request too, and changes nothing', async () => {
    const overlap = await create({ start_port: 9050, end_port: 9200 });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors).toEqual({ 'port_ranges.0.start_port': [Messages.portRangeOverlap(9050, 9200)] });
    const selfOverlap = await create({ start_port: 10000, end_port: 10010 }, { start_port: 10010, end_port: 10020 });
    expect(selfOverlap.statusCode).toBe(400);
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from port_ranges`);
    expect(count!.n).toBe(2);
  });

  it('refuses bad ports with field errors', async () => {
    const res = await create({ start_port: 0, end_port: 70000 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['port_ranges.0.end_port', 'port_ranges.0.start_port']);
    const reversed = await create({ start_port: 5000, end_port: 4000 });
    expect(reversed.json().errors).toEqual({ 'port_ranges.0.end_port': ['The end port must not be below the start port'] });
  });

  it('frees and deletes ranges, and is for platform administrators only', async () => {
    const [range] = portRangesPage.parse((await platform.get(`${RANGES}?account_id=${acme.accountId}`)).json()).data;
    const freed = await platform.call({ method: 'PUT', url: RANGES, payload: { port_ranges: [{ id: range!.id, account_id: null }] } });
    expect(portRangesResponse.parse(freed.json()).port_ranges[0]?.account_id).toBeNull();
    expect((await platform.call({ method: 'DELETE', url: RANGES, payload: { port_ranges: [range!.id] } })).statusCode).toBe(200);
    expect(portRangesPage.parse((await platform.get(RANGES)).json()).total).toBe(1);
    // Audited by the ports, the range's id beside them (issue 27).
    const audited = await queryRows<{ action: string; target: string; target_name: string | null }>(
      t.database.db,
      sql`select action, target, target_name from audit_events where action in ('port_ranges.update', 'port_ranges.delete') order by id`,
    );
    const named = { target: range!.id, target_name: `${range!.start_port}-${range!.end_port}` };
    expect(audited).toEqual([
      { action: 'port_ranges.update', ...named },
      { action: 'port_ranges.delete', ...named },
    ]);

    const customer = new Visitor(t.app);
    await customer.signIn('acme-admin', PASSWORD);
    expect((await customer.get(RANGES)).statusCode).toBe(403);
  });
});
