import { createHash } from 'node:crypto';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { MarketplaceMessages, marketplaceEntitlementResponse, marketplaceEntitlementsPage } from '@keydeck/contract/marketplaces';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import type { SmtpReceiver } from '../../../test/smtp-receiver.ts';
import { ADMIN, Visitor, type TestApp, startMailingApp } from '../../../test/test-app.ts';

const PASSWORD = 'Harbour-Quartz-Lantern-61';
const TOKENS = { fabrikam: 'azure-purchase-token-fabrikam-8f2c', tailspin: 'azure-purchase-token-tailspin-11aa', wingtip: 'eyJhbGciOi.google-jwt-wingtip.sig' };

let t: TestApp;
let smtp: SmtpReceiver;
let admin: Visitor;
const accountIds: Record<string, string> = {};
let fabrikamServices: string[];
let contosoService: string;
/** Every answer the tests received: none may hold a marketplace token. */
const bodies: string[] = [];

const entitlementOf = (name: string) => apiPath(ApiPath.accountMarketplaceEntitlement, { account_id: accountIds[name]! });
const approveOf = (name: string) => apiPath(ApiPath.accountMarketplaceEntitlementApprove, { account_id: accountIds[name]! });
const rejectOf = (name: string) => apiPath(ApiPath.accountMarketplaceEntitlementReject, { account_id: accountIds[name]! });
const servicesOf = (name: string) => apiPath(ApiPath.accountMarketplaceEntitlementServices, { account_id: accountIds[name]! });
const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 8);

async function call(visitor: Visitor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await visitor.call({ method, url, ...(payload ? { payload } : {}) });
  bodies.push(response.body);
  return response;
}

/** A real marketplace sign-up: the form, the mailed link, its confirmation. */
async function signUpThrough(slug: keyof typeof TOKENS, provider: 'azure' | 'google') {
  const visitor = new Visitor(t.app);
  await visitor.get(ApiPath.login);
  const since = smtp.messages.length;
  const requested = await visitor.post(ApiPath.registration, {
    company_name: `Company ${slug}`,
    account_slug: slug,
    username: `${slug}.admin`,
    email: `${slug}@example.test`,
    password: PASSWORD,
    marketplace: { provider, token: TOKENS[slug] },
  });
  expect(requested.statusCode, requested.body).toBe(202);
  const mail = (await smtp.waitFor(`${slug}@example.test`, since)).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /\/register\?token=([\w-]+)/.exec(mail)![1]!;
  expect((await visitor.post(ApiPath.registrationConfirm, { token })).statusCode).toBe(201);
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from accounts where account_slug = ${slug}`);
  accountIds[slug] = row!.id;
}

beforeAll(async () => {
  ({ t, smtp } = await startMailingApp({ PUBLIC_URL: 'https://console.example.test/' }));
  await signUpThrough('fabrikam', 'azure');
  await signUpThrough('tailspin', 'azure');
  await signUpThrough('wingtip', 'google');
  const contoso = await seedAccount(t.database.db, 'contoso', []);
  accountIds.contoso = contoso.accountId;
  fabrikamServices = [
    (await seedService(t.database.db, accountIds.fabrikam!, { name: 'Payments HSM' })).serviceId,
    (await seedService(t.database.db, accountIds.fabrikam!, { name: 'Archive keys', type: 'cloud_hsms' })).serviceId,
  ];
  contosoService = (await seedService(t.database.db, contoso.accountId, { name: 'Contoso keys' })).serviceId;
  admin = new Visitor(t.app);
  expect((await admin.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('marketplace entitlements', () => {
  it('lists pending sign-ups with a fingerprint of the token, filtered by provider, state and account name', async () => {
    const all = await call(admin, 'GET', ApiPath.marketplaceEntitlements);
    expect(all.statusCode).toBe(200);
    const page = marketplaceEntitlementsPage.parse(all.json());
    expect(page.total).toBe(3);
    const fabrikam = page.data.find((e) => e.account.name === 'Company fabrikam')!;
    expect(fabrikam).toMatchObject({
      account: { id: accountIds.fabrikam },
      provider: 'azure',
      provider_label: 'Azure Marketplace',
      token_fingerprint: fingerprint(TOKENS.fabrikam),
      state: 'pending',
      plan: null,
      decided_by: null,
      services: [],
    });

    const azure = marketplaceEntitlementsPage.parse((await call(admin, 'GET', `${ApiPath.marketplaceEntitlements}?provider=azure&order_by=account_name&order=asc`)).json());
    expect(azure.data.map((e) => e.account.name)).toEqual(['Company fabrikam', 'Company tailspin']);
    const google = marketplaceEntitlementsPage.parse((await call(admin, 'GET', `${ApiPath.marketplaceEntitlements}?search=WINGT`)).json());
    expect(google.data.map((e) => [e.account.name, e.provider_label])).toEqual([['Company wingtip', 'Google Cloud Marketplace']]);
    const approved = marketplaceEntitlementsPage.parse((await call(admin, 'GET', `${ApiPath.marketplaceEntitlements}?state=approved`)).json());
    expect(approved).toEqual({ data: [], total: 0 });
    expect((await call(admin, 'GET', `${ApiPath.marketplaceEntitlements}?state=bogus`)).statusCode).toBe(400);
  });

  it("answers one account's entitlement, and 404 for an account that did not sign up through a marketplace", async () => {
    const one = await call(admin, 'GET', entitlementOf('wingtip'));
    expect(one.statusCode).toBe(200);
    expect(marketplaceEntitlementResponse.parse(one.json()).data).toMatchObject({ provider: 'google', state: 'pending' });
    const none = await call(admin, 'GET', entitlementOf('contoso'));
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MarketplaceMessages.noEntitlement);
  });

  it("refuses a service of another account, naming service_ids, and changes nothing", async () => {
    const refused = await call(admin, 'POST', approveOf('fabrikam'), { plan: 'Standard', service_ids: [fabrikamServices[0], contosoService] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ service_ids: [MarketplaceMessages.notAccountService] });
    const [row] = await queryRows<{ state: string }>(t.database.db, sql`select state from account_marketplaces where account_id = ${accountIds.fabrikam}`);
    expect(row!.state).toBe('pending');
    const invalid = await call(admin, 'POST', approveOf('fabrikam'), { plan: '', service_ids: ['not-a-uuid'] });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['plan', 'service_ids.0']);
  });

  it('approves on a plan with the services it pays for, audited on the account', async () => {
    const res = await call(admin, 'POST', approveOf('fabrikam'), { plan: 'Enterprise annual', service_ids: [fabrikamServices[0], fabrikamServices[0]] });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = marketplaceEntitlementResponse.parse(res.json());
    expect(data).toMatchObject({ state: 'approved', plan: 'Enterprise annual', reason: null, decided_by: ADMIN.username });
    expect(data.decided_at).not.toBeNull();
    expect(data.services).toEqual([{ id: fabrikamServices[0], name: 'Payments HSM', type: 'cryptoverse', status: 'Enabled' }]);

    const [event] = await queryRows<{ outcome: string; target: string; target_name: string; reason: string; actor_username: string }>(
      t.database.db,
      sql`select outcome, target, target_name, reason, actor_username from audit_events where action = 'marketplace.approve' and account_id = ${accountIds.fabrikam} and outcome = 'success'`,
    );
    expect(event).toMatchObject({ target: accountIds.fabrikam, target_name: 'Company fabrikam', reason: 'plan:Enterprise annual', actor_username: ADMIN.username });
  });

  it('decides once: a second approval or a rejection answers 409 with a clear message', async () => {
    const again = await call(admin, 'POST', approveOf('fabrikam'), { plan: 'Other', service_ids: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MarketplaceMessages.notPending('approved'));
    const reject = await call(admin, 'POST', rejectOf('fabrikam'), { reason: 'Changed my mind' });
    expect(reject.statusCode).toBe(409);
    const [row] = await queryRows<{ plan: string }>(t.database.db, sql`select plan from account_marketplaces where account_id = ${accountIds.fabrikam}`);
    expect(row!.plan).toBe('Enterprise annual');
    const refusals = await queryRows(t.database.db, sql`select id from audit_events where action in ('marketplace.approve', 'marketplace.reject') and account_id = ${accountIds.fabrikam} and outcome = 'refused'`);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
  });

  it('changes the services of an approved entitlement only, and only to the account’s own', async () => {
    const both = await call(admin, 'PUT', servicesOf('fabrikam'), { service_ids: fabrikamServices });
    expect(both.statusCode, both.body).toBe(200);
    expect(marketplaceEntitlementResponse.parse(both.json()).data.services.map((s) => s.name)).toEqual(['Archive keys', 'Payments HSM']);
    const foreign = await call(admin, 'PUT', servicesOf('fabrikam'), { service_ids: [contosoService] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ service_ids: [MarketplaceMessages.notAccountService] });
    const pending = await call(admin, 'PUT', servicesOf('tailspin'), { service_ids: [] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(MarketplaceMessages.notApproved);
    expect((await queryRows(t.database.db, sql`select 1 from audit_events where action = 'marketplace.services' and outcome = 'success'`)).length).toBe(1);
  });

  it('rejects a pending entitlement with a reason; a reason is required', async () => {
    const empty = await call(admin, 'POST', rejectOf('wingtip'), { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['reason']);
    const res = await call(admin, 'POST', rejectOf('wingtip'), { reason: 'No matching Google Procurement account' });
    expect(res.statusCode).toBe(200);
    expect(marketplaceEntitlementResponse.parse(res.json()).data).toMatchObject({ state: 'rejected', reason: 'No matching Google Procurement account', plan: null, services: [] });
    const listed = marketplaceEntitlementsPage.parse((await call(admin, 'GET', `${ApiPath.marketplaceEntitlements}?state=rejected`)).json());
    expect(listed.data.map((e) => e.account.name)).toEqual(['Company wingtip']);
    expect((await call(admin, 'POST', approveOf('wingtip'), { plan: 'Basic', service_ids: [] })).json().message).toBe(MarketplaceMessages.notPending('rejected'));
  });

  it('refuses customers, even on their own account (403)', async () => {
    const customer = new Visitor(t.app);
    expect((await customer.signIn('tailspin.admin', PASSWORD)).statusCode).toBe(200);
    expect((await call(customer, 'GET', ApiPath.marketplaceEntitlements)).statusCode).toBe(403);
    expect((await call(customer, 'GET', entitlementOf('tailspin'))).statusCode).toBe(403);
    expect((await call(customer, 'POST', approveOf('tailspin'), { plan: 'Free', service_ids: [] })).statusCode).toBe(403);
    expect((await call(customer, 'PUT', servicesOf('tailspin'), { service_ids: [] })).statusCode).toBe(403);
    const [row] = await queryRows<{ state: string }>(t.database.db, sql`select state from account_marketplaces where account_id = ${accountIds.tailspin}`);
    expect(row!.state).toBe('pending');
  });

  it('never answers a marketplace token', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const token of Object.values(TOKENS)) expect(bodies.filter((body) => body.includes(token))).toEqual([]);
  });
});
