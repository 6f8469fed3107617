import { ApiPath, apiPath } from '@keydeck/contract/http';
import { PartnerMessages, accountPartnerResponse, partnerDetailResponse, partnerResponse, partnersPage } from '@keydeck/contract/partners';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: Visitor;
let customer: Visitor;
const accountIds: Record<string, string> = {};
const partnerIds: Record<string, string> = {};

const partnerOf = (name: string) => apiPath(ApiPath.partner, { partner_id: partnerIds[name]! });
const suspendOf = (name: string) => apiPath(ApiPath.partnerSuspend, { partner_id: partnerIds[name]! });
const reactivateOf = (name: string) => apiPath(ApiPath.partnerReactivate, { partner_id: partnerIds[name]! });
const assignmentOf = (slug: string) => apiPath(ApiPath.accountPartner, { account_id: accountIds[slug]! });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const call = (visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  visitor.call({ method, url, ...(payload ? { payload } : {}) });

const events = (action: string) =>
  queryRows<{ account_id: string | null; target: string; target_name: string | null; outcome: string; reason: string | null; actor_username: string }>(
    t.database.db,
    sql`select account_id, target, target_name, outcome, reason, actor_username from audit_events where action = ${action} order by id`,
  );

/** A payment as Stripe's webhook records it, `daysAgo` days back. */
async function payment(slug: string, invoice: string, amount: number, currency: string, status: 'paid' | 'failed' | 'refunded', daysAgo: number) {
  await queryRows(
    t.database.db,
    sql`insert into billing_payments (invoice_id, account_id, amount, currency, status, occurred_at, stripe_updated_at)
        values (${invoice}, ${accountIds[slug]}, ${amount}, ${currency}, ${status}, now() - make_interval(days => ${daysAgo}), now())`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  for (const slug of ['acme', 'globex', 'initech']) {
    accountIds[slug] = (await seedAccount(t.database.db, slug, [{ username: `${slug}-admin`, roleNames: [ROLE.admin] }])).accountId;
  }
  admin = new Visitor(t.app);
  expect((await admin.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  customer = new Visitor(t.app);
  expect((await customer.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('partners', () => {
  it('creates a partner, audited', async () => {
    const res = await call(admin, 'POST', ApiPath.partners, { name: 'Northwind Resale', contact_email: 'sales@northwind.example', commission_percent: 12.5 });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = partnerResponse.parse(res.json());
    expect(data).toMatchObject({ name: 'Northwind Resale', contact_email: 'sales@northwind.example', commission_percent: 12.5, status: 'active', created_by: ADMIN.username, account_count: 0, revenue: [] });
    partnerIds.northwind = data.id;
    const second = partnerResponse.parse((await call(admin, 'POST', ApiPath.partners, { name: 'Contoso Channel', contact_email: 'cc@contoso.example', commission_percent: 0 })).json());
    partnerIds.contoso = second.data.id;
    const [event] = await events('partner.create');
    expect(event).toMatchObject({ target: data.id, target_name: 'Northwind Resale', outcome: 'success', actor_username: ADMIN.username });
  });

  it('refuses bad input with field errors, and a taken name (ignoring case) with 409, creating nothing', async () => {
    const bad = await call(admin, 'POST', ApiPath.partners, { name: ' ', contact_email: 'not-an-email', commission_percent: 50.01 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['commission_percent', 'contact_email', 'name']);
    for (const commission_percent of [-1, 12.345, '10']) {
      const res = await call(admin, 'POST', ApiPath.partners, { name: 'Odd', contact_email: 'odd@example.test', commission_percent });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['commission_percent']);
    }
    const taken = await call(admin, 'POST', ApiPath.partners, { name: 'NORTHWIND resale', contact_email: 'x@example.test', commission_percent: 5 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: [PartnerMessages.nameTaken('NORTHWIND resale')] });
    expect((await queryRows(t.database.db, sql`select id from partners`)).length).toBe(2);
  });

  it('edits a partner; a name taken by another partner answers 409, an unknown partner 404', async () => {
    const res = await call(admin, 'PUT', partnerOf('contoso'), { name: 'Contoso Channel EU', contact_email: 'eu@contoso.example', commission_percent: 7.25 });
    expect(res.statusCode, res.body).toBe(200);
    expect(partnerResponse.parse(res.json()).data).toMatchObject({ name: 'Contoso Channel EU', contact_email: 'eu@contoso.example', commission_percent: 7.25 });
    const same = await call(admin, 'PUT', partnerOf('contoso'), { name: 'contoso channel eu', contact_email: 'eu@contoso.example', commission_percent: 7.25 });
    expect(same.statusCode).toBe(200);
    const taken = await call(admin, 'PUT', partnerOf('contoso'), { name: 'Northwind Resale', contact_email: 'eu@contoso.example', commission_percent: 7.25 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PartnerMessages.nameTaken('Northwind Resale'));
    const unknown = await call(admin, 'PUT', apiPath(ApiPath.partner, { partner_id: UNKNOWN }), { name: 'Ghost', contact_email: 'g@example.test', commission_percent: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await call(admin, 'GET', apiPath(ApiPath.partner, { partner_id: 'not-a-uuid' }))).statusCode).toBe(404);
    const updates = await events('partner.update');
    expect(updates.filter((e) => e.outcome === 'success').map((e) => e.target_name)).toEqual(['Contoso Channel EU', 'contoso channel eu']);
    expect(updates.find((e) => e.outcome === 'refused')?.reason).toBe('name_taken');
  });

  it("assigns an account to an active partner, shown on the account's tab and audited in its log", async () => {
    const none = await call(admin, 'GET', assignmentOf('acme'));
    expect(none.statusCode).toBe(200);
    expect(accountPartnerResponse.parse(none.json()).data).toBeNull();
    const res = await call(admin, 'PUT', assignmentOf('acme'), { partner_id: partnerIds.northwind });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = accountPartnerResponse.parse(res.json());
    expect(data).toMatchObject({ partner: { id: partnerIds.northwind, name: 'Northwind Resale', status: 'active', commission_percent: 12.5 }, assigned_by: ADMIN.username });
    expect(accountPartnerResponse.parse((await call(admin, 'GET', assignmentOf('acme'))).json()).data?.partner.name).toBe('Northwind Resale');
    expect((await call(admin, 'PUT', assignmentOf('globex'), { partner_id: partnerIds.northwind })).statusCode).toBe(200);
    const [event] = await events('partner.assign');
    expect(event).toMatchObject({ account_id: accountIds.acme, target: accountIds.acme, target_name: 'Company acme', reason: 'partner:Northwind Resale', outcome: 'success' });
  });

  it('refuses bad assignments: a bad id (400), an unknown partner or account (404)', async () => {
    expect((await call(admin, 'PUT', assignmentOf('initech'), { partner_id: 'nope' })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', assignmentOf('initech'), { partner_id: UNKNOWN })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', apiPath(ApiPath.accountPartner, { account_id: UNKNOWN }), { partner_id: partnerIds.northwind })).statusCode).toBe(404);
    expect((await call(admin, 'GET', apiPath(ApiPath.accountPartner, { account_id: UNKNOWN }))).statusCode).toBe(404);
  });

  it('suspends a partner, which then cannot receive new accounts, and reactivates it', async () => {
    const suspended = await call(admin, 'POST', suspendOf('contoso'));
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(partnerResponse.parse(suspended.json()).data.status).toBe('suspended');
    const again = await call(admin, 'POST', suspendOf('contoso'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PartnerMessages.alreadySuspended('contoso channel eu'));

    const refused = await call(admin, 'PUT', assignmentOf('initech'), { partner_id: partnerIds.contoso });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PartnerMessages.suspended('contoso channel eu'));
    expect(refused.json().errors).toEqual({ partner_id: [PartnerMessages.suspended('contoso channel eu')] });
    expect(accountPartnerResponse.parse((await call(admin, 'GET', assignmentOf('initech'))).json()).data).toBeNull();
    const moved = await call(admin, 'PUT', assignmentOf('acme'), { partner_id: partnerIds.contoso });
    expect(moved.statusCode).toBe(409);
    expect(accountPartnerResponse.parse((await call(admin, 'GET', assignmentOf('acme'))).json()).data?.partner.name).toBe('Northwind Resale');
    expect((await events('partner.assign')).filter((e) => e.reason === 'partner_suspended')).toHaveLength(2);

    const reactivated = await call(admin, 'POST', reactivateOf('contoso'));
    expect(partnerResponse.parse(reactivated.json()).data.status).toBe('active');
    expect((await call(admin, 'POST', reactivateOf('contoso'))).statusCode).toBe(409);
    expect((await call(admin, 'PUT', assignmentOf('initech'), { partner_id: partnerIds.contoso })).statusCode).toBe(200);
    expect((await events('partner.suspend')).map((e) => [e.target_name, e.outcome])).toEqual([['contoso channel eu', 'success'], ['contoso channel eu', 'refused']]);
    expect((await events('partner.reactivate')).map((e) => e.outcome)).toEqual(['success', 'refused']);
  });

  it("sums its accounts' paid revenue of the last 30 days per currency, with the commission due", async () => {
    await payment('acme', 'in_a1', 10_000, 'eur', 'paid', 5);
    await payment('acme', 'in_a2', 2_345, 'eur', 'paid', 10);
    await payment('acme', 'in_a3', 999, 'usd', 'paid', 1);
    await payment('acme', 'in_a4', 5_000, 'eur', 'failed', 2);
    await payment('acme', 'in_a5', 7_000, 'eur', 'refunded', 3);
    await payment('acme', 'in_a6', 100_000, 'eur', 'paid', 40);
    await payment('globex', 'in_g1', 1_000, 'eur', 'paid', 2);
    await payment('initech', 'in_i1', 20_000, 'eur', 'paid', 2);

    const page = partnersPage.parse((await call(admin, 'GET', `${ApiPath.partners}?order_by=name`)).json());
    expect(page.total).toBe(2);
    const northwind = page.data.find((p) => p.id === partnerIds.northwind)!;
    expect(northwind.account_count).toBe(2);
    // 13,345 cents × 12.5 % = 1,668.125 -> 1,668; 999 × 12.5 % = 124.875 -> 125.
    expect(northwind.revenue).toEqual([
      { currency: 'eur', amount: 13_345, commission: 1_668 },
      { currency: 'usd', amount: 999, commission: 125 },
    ]);
    const contoso = page.data.find((p) => p.id === partnerIds.contoso)!;
    expect(contoso).toMatchObject({ account_count: 1, revenue: [{ currency: 'eur', amount: 20_000, commission: 1_450 }] });
  });

  it('lists by name, searches and filters by status', async () => {
    const byName = partnersPage.parse((await call(admin, 'GET', `${ApiPath.partners}?order_by=name&order=desc`)).json());
    expect(byName.data.map((p) => p.name)).toEqual(['Northwind Resale', 'contoso channel eu']);
    const searched = partnersPage.parse((await call(admin, 'GET', `${ApiPath.partners}?search=NORTHWIND.EX`)).json());
    expect(searched.data.map((p) => p.name)).toEqual(['Northwind Resale']);
    await call(admin, 'POST', suspendOf('northwind'));
    const suspended = partnersPage.parse((await call(admin, 'GET', `${ApiPath.partners}?status=suspended`)).json());
    expect(suspended.data.map((p) => p.name)).toEqual(['Northwind Resale']);
    expect((await call(admin, 'GET', `${ApiPath.partners}?status=bogus`)).statusCode).toBe(400);
    await call(admin, 'POST', reactivateOf('northwind'));
  });

  it('shows a partner with its accounts', async () => {
    const res = await call(admin, 'GET', partnerOf('northwind'));
    expect(res.statusCode).toBe(200);
    const { data } = partnerDetailResponse.parse(res.json());
    expect(data.accounts.map((a) => [a.id, a.name, a.assigned_by])).toEqual([
      [accountIds.acme, 'Company acme', ADMIN.username],
      [accountIds.globex, 'Company globex', ADMIN.username],
    ]);
    expect(data.revenue[0]).toEqual({ currency: 'eur', amount: 13_345, commission: 1_668 });
    expect((await call(admin, 'GET', apiPath(ApiPath.partner, { partner_id: UNKNOWN }))).statusCode).toBe(404);
  });

  it('removes an assignment, audited; removing none answers 404', async () => {
    const res = await call(admin, 'DELETE', assignmentOf('globex'));
    expect(res.statusCode, res.body).toBe(200);
    expect(accountPartnerResponse.parse(res.json()).data).toBeNull();
    const again = await call(admin, 'DELETE', assignmentOf('globex'));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PartnerMessages.noPartner);
    const detail = partnerDetailResponse.parse((await call(admin, 'GET', partnerOf('northwind'))).json()).data;
    expect(detail).toMatchObject({ account_count: 1 });
    expect(detail.revenue).toEqual([
      { currency: 'eur', amount: 12_345, commission: 1_543 },
      { currency: 'usd', amount: 999, commission: 125 },
    ]);
    expect((await events('partner.unassign')).map((e) => [e.account_id, e.target_name, e.outcome])).toEqual([
      [accountIds.globex, 'Company globex', 'success'],
      [accountIds.globex, 'Company globex', 'refused'],
    ]);
  });

  it('refuses customers, even for their own account (403), and changes nothing', async () => {
    expect((await call(customer, 'GET', ApiPath.partners)).statusCode).toBe(403);
    expect((await call(customer, 'POST', ApiPath.partners, { name: 'Mine', contact_email: 'm@example.test', commission_percent: 50 })).statusCode).toBe(403);
    expect((await call(customer, 'GET', partnerOf('northwind'))).statusCode).toBe(403);
    expect((await call(customer, 'PUT', partnerOf('northwind'), { name: 'Mine', contact_email: 'm@example.test', commission_percent: 50 })).statusCode).toBe(403);
    expect((await call(customer, 'POST', suspendOf('northwind'))).statusCode).toBe(403);
    expect((await call(customer, 'POST', reactivateOf('northwind'))).statusCode).toBe(403);
    expect((await call(customer, 'GET', assignmentOf('acme'))).statusCode).toBe(403);
    expect((await call(customer, 'PUT', assignmentOf('acme'), { partner_id: partnerIds.contoso })).statusCode).toBe(403);
    expect((await call(customer, 'DELETE', assignmentOf('acme'))).statusCode).toBe(403);
    const [row] = await queryRows<{ partner_id: string }>(t.database.db, sql`select partner_id from partner_accounts where account_id = ${accountIds.acme}`);
    expect(row!.partner_id).toBe(partnerIds.northwind);
    expect((await queryRows(t.database.db, sql`select id from partners`)).length).toBe(2);
  });
});
