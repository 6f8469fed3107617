import { CryptoHubMessages, hubTenancyResponse } from '@keydeck/contract/cryptohub';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let admin: Visitor;
let customer: Visitor;
let hsmService: string;

const tenancyOf = (accountId: string) => apiPath(ApiPath.accountCryptoHub, { account_id: accountId });
const tenancy = { enabled: true, home_region: 'eu-west', support_tier: 'premium', max_services: 2, max_cloud_hsms: null };
const order = { type: 'cryptoverse', location: 'eu-central', environment: 'production' };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const put = (visitor: Visitor, accountId: string, body: object) => visitor.call({ method: 'PUT', url: tenancyOf(accountId), payload: body });
const request = (name: string) => customer.call({ method: 'POST', url: ApiPath.services, payload: { ...order, name } });
const create = (names: string[], accountId = acme.accountId) =>
  admin.call({ method: 'POST', url: ApiPath.adminServices, payload: { services: names.map((name) => ({ ...order, name, account_id: accountId })) } });
const servicesOf = async (accountId: string) =>
  (await queryRows<{ name: string }>(t.database.db, sql`select name from services where account_id = ${accountId} order by name`)).map((r) => r.name);
const requestHsm = (name: string) =>
  customer.call({
    method: 'POST',
    url: apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: hsmService }),
    payload: { name, blueprint_id: UNKNOWN, zone_id: UNKNOWN },
  });

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  globex = await seedAccount(t.database.db, 'globex', []);
  hsmService = (await seedService(t.database.db, acme.accountId, { name: 'Vault HSMs', type: 'cloud_hsms' })).serviceId;
  admin = new Visitor(t.app);
  expect((await admin.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
  customer = new Visitor(t.app);
  expect((await customer.signIn('acme-admin', PASSWORD)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('CryptoHub tenancy', () => {
  it('shows an account never configured as unrestricted, with its usage and the regions to choose from', async () => {
    const res = await admin.get(tenancyOf(acme.accountId));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = hubTenancyResponse.parse(res.json());
    expect(data).toMatchObject({
      account_id: acme.accountId,
      configured: false,
      enabled: true,
      home_region: null,
      support_tier: 'standard',
      max_services: null,
      max_cloud_hsms: null,
      usage: { services: 1, cloud_hsms: 0 },
      updated_by: null,
    });
    expect(data.regions).toContainEqual({ id: 'eu-central', name: 'EU Central (Frankfurt)' });
    expect((await admin.get(tenancyOf(UNKNOWN))).statusCode).toBe(404);
    expect((await admin.get(tenancyOf('nope'))).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const bad = await put(admin, acme.accountId, { enabled: 'yes', home_region: '', support_tier: 'gold', max_services: -1, max_cloud_hsms: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['enabled', 'home_region', 'max_cloud_hsms', 'max_services', 'support_tier']);
    const region = await put(admin, acme.accountId, { ...tenancy, home_region: 'moon-base' });
    expect(region.statusCode).toBe(400);
    expect(region.json().errors).toEqual({ home_region: [CryptoHubMessages.regionUnknown] });
    expect((await put(admin, UNKNOWN, tenancy)).statusCode).toBe(404);
    expect(await queryRows(t.database.db, sql`select account_id from hub_tenancies`)).toEqual([]);
  });

  it('saves the tenancy, audited on the account, and shows the usage beside each quota', async () => {
    const res = await put(admin, acme.accountId, tenancy);
    expect(res.statusCode, res.body).toBe(200);
    expect(hubTenancyResponse.parse(res.json()).data).toMatchObject({
      configured: true,
      enabled: true,
      home_region: 'eu-west',
      support_tier: 'premium',
      max_services: 2,
      max_cloud_hsms: null,
      usage: { services: 1, cloud_hsms: 0 },
      updated_by: ADMIN.username,
    });
    const [event] = await queryRows<{ account_id: string; target: string; target_name: string; reason: string }>(
      t.database.db,
      sql`select account_id, target, target_name, reason from audit_events where action = 'cryptohub.update' and outcome = 'success'`,
    );
    expect(event).toEqual({
      account_id: acme.accountId,
      target: acme.accountId,
      target_name: 'Company acme',
      reason: 'enabled:true region:eu-west tier:premium max_services:2 max_cloud_hsms:unlimited',
    });
  });

  it('accepts a service request within max_services and refuses the one beyond it with 409', async () => {
    expect((await request('Within quota')).statusCode).toBe(201);
    const beyond = await request('Beyond quota');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe(CryptoHubMessages.servicesQuotaReached(2));
    expect(beyond.json().message).toContain('max_services');
    expect(await servicesOf(acme.accountId)).toEqual(['Vault HSMs', 'Within quota']);
    expect(hubTenancyResponse.parse((await admin.get(tenancyOf(acme.accountId))).json()).data.usage.services).toBe(2);
  });

  it("counts an administrator's whole batch against max_services", async () => {
    const full = await create(['Admin made']);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CryptoHubMessages.servicesQuotaReached(2));
    expect((await put(admin, acme.accountId, { ...tenancy, max_services: 3 })).statusCode).toBe(200);
    const batch = await create(['Admin one', 'Admin two']);
    expect(batch.statusCode).toBe(409);
    expect(batch.json().message).toBe(CryptoHubMessages.servicesQuotaReached(3));
    expect((await create(['Admin one'])).statusCode).toBe(201);
    expect(await servicesOf(acme.accountId)).toEqual(['Admin one', 'Vault HSMs', 'Within quota']);
    // Another account has no tenancy: unrestricted.
    expect((await create(['Globex one', 'Globex two'], globex.accountId)).statusCode).toBe(201);
  });

  it('refuses every new service request while the tenancy is disabled', async () => {
    expect((await put(admin, acme.accountId, { ...tenancy, enabled: false, max_services: null })).statusCode).toBe(200);
    const refused = await request('While disabled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CryptoHubMessages.disabled);
    expect((await put(admin, acme.accountId, { ...tenancy, max_services: null })).statusCode).toBe(200);
    expect((await request('Enabled again')).statusCode).toBe(201);
  });

  it('refuses a cloud HSM beyond max_cloud_hsms before anything else is checked', async () => {
    expect((await put(admin, acme.accountId, { ...tenancy, max_services: null, max_cloud_hsms: 0 })).statusCode).toBe(200);
    const beyond = await requestHsm('hsm-one');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().message).toBe(CryptoHubMessages.cloudHsmsQuotaReached(0));
    // Within the quota the request goes on to placement, which refuses the unknown blueprint.
    expect((await put(admin, acme.accountId, { ...tenancy, max_services: null, max_cloud_hsms: 1 })).statusCode).toBe(200);
    const within = await requestHsm('hsm-one');
    expect(within.statusCode).toBe(400);
    expect(within.json().errors).toEqual({ blueprint_id: [CloudHsmMessages.blueprintUnknown] });
  });

  it('refuses customers, even for their own account (403)', async () => {
    expect((await customer.get(tenancyOf(acme.accountId))).statusCode).toBe(403);
    expect((await put(customer, acme.accountId, { ...tenancy, max_services: null })).statusCode).toBe(403);
    const [row] = await queryRows<{ max_cloud_hsms: number }>(t.database.db, sql`select max_cloud_hsms from hub_tenancies where account_id = ${acme.accountId}`);
    expect(row!.max_cloud_hsms).toBe(1);
  });
});
