import { licenseStatus, licensesPage, licensesResponse } from '@keydeck/contract/licenses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let customer: Visitor;
const url = (accountId: string) => `/rest/api/v1/accounts/${accountId}/licenses`;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const grant = (accountId: string, ...licenses: object[]) => platform.call({ method: 'POST', url: url(accountId), payload: { licenses } });

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  globex = await seedAccount(t.database.db, 'globex', []);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  customer = new Visitor(t.app);
  await customer.signIn('acme-admin', PASSWORD);
});
afterAll(() => t.close());

describe('licenses', () => {
  it('lets a platform administrator grant licenses with readable keys and a computed status', async () => {
    const res = await grant(
      acme.accountId,
      { product: 'cloud_hsms', quantity: 4, valid_from: day(-10), valid_until: day(355), notes: 'Order 1041' },
      { product: 'rkms', quantity: 1, valid_from: day(-400), valid_until: day(-35) },
      { product: 'tokenization', quantity: 2, valid_from: day(30), valid_until: day(395) },
    );
    expect(res.statusCode).toBe(201);
    const created = licensesResponse.parse(res.json()).licenses;
    expect(created.map((l) => [l.product, l.status])).toEqual([
      ['cloud_hsms', 'active'],
      ['rkms', 'expired'],
      ['tokenization', 'not_yet_valid'],
    ]);
    expect(created.every((l) => /^KD-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(l.license_key))).toBe(true);
    expect(new Set(created.map((l) => l.license_key)).size).toBe(3);

    const [event] = await queryRows<{ account_id: string; target: string }>(
      t.database.db,
      sql`select account_id, target from audit_events where action = 'licenses.create' and outcome = 'success'`,
    );
    expect(event!.account_id).toBe(acme.accountId);
    expect(event!.target).toContain(created[0]!.license_key);
  });

  it("shows customers their own account's licenses, paged, and nobody else's", async () => {
    const page = licensesPage.parse((await customer.get(`${url(acme.accountId)}?page_size=2`)).json());
    expect(page.total).toBe(3);
    expect(page.data.map((l) => l.product)).toEqual(['cloud_hsms', 'rkms']);
    const searched = licensesPage.parse((await customer.get(`${url(acme.accountId)}?search=token`)).json());
    expect(searched.data.map((l) => l.product)).toEqual(['tokenization']);
    expect((await customer.get(url(globex.accountId))).statusCode).toBe(404);
    expect((await grant(globex.accountId, { product: 'rkl', quantity: 1, valid_from: day(0), valid_until: day(0) })).statusCode).toBe(201);
    expect(licensesPage.parse((await platform.get(url(globex.accountId))).json()).total).toBe(1);
    expect(licensesPage.parse((await customer.get(url(acme.accountId))).json()).total).toBe(3);
  });

  it('refuses changes by customers, bad fields, and unknown accounts or licenses', async () => {
    const byCustomer = await customer.call({
      method: 'POST',
      url: url(acme.accountId),
      payload: { licenses: [{ product: 'rkl', quantity: 1, valid_from: day(0), valid_until: day(1) }] },
    });
    expect(byCustomer.statusCode).toBe(403);
    const bad = await grant(acme.accountId, { product: '', quantity: 0, valid_from: day(5), valid_until: day(1) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['licenses.0.product', 'licenses.0.quantity', 'licenses.0.valid_until']);
    const missing = await grant('00000000-0000-4000-8000-000000000000', { product: 'rkl', quantity: 1, valid_from: day(0), valid_until: day(1) });
    expect(missing.statusCode).toBe(404);
    const globexLicense = licensesPage.parse((await platform.get(url(globex.accountId))).json()).data[0]!;
    const crossAccount = await platform.call({ method: 'DELETE', url: url(acme.accountId), payload: { licenses: [globexLicense.id] } });
    expect(crossAccount.statusCode).toBe(404);
    expect(licensesPage.parse((await platform.get(url(globex.accountId))).json()).total).toBe(1);
  });

  it('edits and deletes licenses, keeping the key', async () => {
    const [first] = licensesPage.parse((await platform.get(url(acme.accountId))).json()).data;
    const edit = await platform.call({
      method: 'PUT',
      url: url(acme.accountId),
      payload: { licenses: [{ id: first!.id, product: 'cloud_hsms', quantity: 8, valid_from: day(-400), valid_until: day(-1), notes: '' }] },
    });
    expect(edit.statusCode).toBe(200);
    const [edited] = licensesResponse.parse(edit.json()).licenses;
    expect(edited).toMatchObject({ quantity: 8, status: 'expired', license_key: first!.license_key, notes: '' });

    const del = await platform.call({ method: 'DELETE', url: url(acme.accountId), payload: { licenses: [first!.id] } });
    expect(del.statusCode).toBe(200);
    expect(licensesPage.parse((await platform.get(url(acme.accountId))).json()).total).toBe(2);
  });
});

describe('licenseStatus', () => {
  it('counts both validity dates as valid days', () => {
    expect(licenseStatus('2030-01-01', '2030-12-31', '2030-01-01')).toBe('active');
    expect(licenseStatus('2030-01-01', '2030-12-31', '2030-12-31')).toBe('active');
    expect(licenseStatus('2030-01-01', '2030-12-31', '2029-12-31')).toBe('not_yet_valid');
    expect(licenseStatus('2030-01-01', '2030-12-31', '2031-01-01')).toBe('expired');
  });
});
