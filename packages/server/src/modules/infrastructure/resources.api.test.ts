import { ApiPath, apiPath } from '@keydeck/contract/http';
import { cloudCatalogueResponse } from '@keydeck/contract/blueprints';
import { resourcesPage } from '@keydeck/contract/infrastructure-resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { Visitor, startWithPlatformAdmin, type TestApp } from '../../../test/test-app.ts';
import { expectCall, insertCloudHsm, insertProvisioner, seedTopology } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;
let customer: Visitor;
let topo: Awaited<ReturnType<typeof seedTopology>>;
let acme: SeededAccount;
let globex: SeededAccount;

beforeAll(async () => {
  ({ t, admin } = await startWithPlatformAdmin());
  topo = await seedTopology(admin, 'fra1', { cidr: '10.70.0.0/24' });
  acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  customer = new Visitor(t.app);
  await customer.signIn('globex-admin', PASSWORD);
});
afterAll(() => t.close());

describe('resources', () => {
  it('lists each cloud HSM that is not deprovisioned with its account, provisioner, address, ports and license seat', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Acme HSMs' });
    const globexService = (await seedService(t.database.db, globex.accountId, { type: 'cloud_hsms', name: 'Globex HSMs' })).serviceId;
    const provisionerId = await insertProvisioner(t.database.db, { name: 'agent-1', groupId: topo.group.id });
    const license = (
      await expectCall(admin, 'POST', ApiPath.productLicenses, 201, { model: 'softhsm2', reference: 'SOFT-1', seats: 1, valid_from: '2020-01-01', valid_until: '2999-12-31' })
    ).data;
    const base = { blueprintId: topo.blueprint.id, zoneId: topo.zone.id, provisionerId };
    const first = await insertCloudHsm(t.database.db, {
      ...base,
      accountId: acme.accountId,
      serviceId,
      name: 'payments',
      createdDaysAgo: 2,
      address: { poolId: topo.pool.id, address: '10.70.0.1' },
      ports: [{ port: 9001, purpose: 'admin' }, { port: 9000, purpose: 'pkcs11' }],
    });
    await insertCloudHsm(t.database.db, { ...base, accountId: globex.accountId, serviceId: globexService, name: 'signing', status: 'PendingProvisioning', createdDaysAgo: 1 });
    await insertCloudHsm(t.database.db, { ...base, accountId: acme.accountId, serviceId, name: 'retired', status: 'Deprovisioned' });

    const page = resourcesPage.parse(await expectCall(admin, 'GET', ApiPath.resources, 200));
    expect(page.total).toBe(2);
    expect(page.data[0]).toEqual({
      cloud_hsm_id: first,
      cloud_hsm_name: 'payments',
      status: 'Enabled',
      account_id: acme.accountId,
      account_name: 'Company acme',
      service_id: serviceId,
      service_name: 'Acme HSMs',
      blueprint_name: 'Blueprint fra1',
      model: 'softhsm2',
      zone_name: 'Zone fra1',
      provisioner_id: provisionerId,
      provisioner_name: 'agent-1',
      address: '10.70.0.1',
      ports: [{ port: 9000, purpose: 'pkcs11' }, { port: 9001, purpose: 'admin' }],
      license_id: license.id,
      license_reference: 'SOFT-1',
      created_at: expect.any(String),
    });
    // One seat: the older HSM holds it, the newer one none.
    expect(page.data[1]).toMatchObject({ cloud_hsm_name: 'signing', account_name: 'Company globex', address: null, ports: [], license_id: null });

    const searched = resourcesPage.parse(await expectCall(admin, 'GET', `${ApiPath.resources}?search=10.70.0.1`, 200));
    expect(searched.data.map((r) => r.cloud_hsm_name)).toEqual(['payments']);
    const byAccount = resourcesPage.parse(await expectCall(admin, 'GET', `${ApiPath.resources}?account_id=${globex.accountId}`, 200));
    expect(byAccount.data.map((r) => r.cloud_hsm_name)).toEqual(['signing']);
    const second = resourcesPage.parse(await expectCall(admin, 'GET', `${ApiPath.resources}?page_size=1&page=2&order_by=created_at&order=desc`, 200));
    expect(second).toMatchObject({ total: 2, data: [expect.objectContaining({ cloud_hsm_name: 'payments' })] });
  });
});

describe('catalogue and access', () => {
  it('shows any signed-in customer the enabled blueprints and where they are placed, and nothing of capacity or addresses', async () => {
    const fields = { name: 'Hidden', model: 'softhsm2', partitions: 1, ports: 1, provisioner_group_id: topo.group.id, enabled: false };
    await expectCall(admin, 'POST', ApiPath.blueprints, 201, fields);
    const res = await customer.get(ApiPath.cloudCatalogue);
    expect(res.statusCode).toBe(200);
    expect(cloudCatalogueResponse.parse(res.json())).toEqual({
      total: 1,
      data: [
        {
          id: topo.blueprint.id,
          name: 'Blueprint fra1',
          model: 'softhsm2',
          partitions: 1,
          ports: 2,
          policies: { fips_mode: false, min_pin_length: 8, backup_allowed: true },
          zones: [{ id: topo.zone.id, name: 'Zone fra1', datacenter_name: 'DC fra1', location: 'City fra1' }],
        },
      ],
    });
    expect(res.body).not.toMatch(/10\.70|cidr|capacity|provisioner|allocated/);
  });

  it('refuses a customer (an Account Administrator of another account) every configuration and dashboard route', async () => {
    const platformRoutes = t.app.routeCatalog.filter(
      (r) => /^\/rest\/api\/v2\/(configuration|admin-dashboards)\//.test(r.url) && r.method !== 'HEAD',
    );
    expect(platformRoutes.length).toBeGreaterThanOrEqual(30);
    for (const route of platformRoutes) {
      const url = route.url.replace(/:product/, 'odh').replace(/:(\w+)/g, () => crypto.randomUUID());
      const method = String(route.method) as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const res = await customer.call({ method, url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${route.url}`).toBe(403);
    }
    expect((await admin.get(apiPath(ApiPath.customerInfrastructureDashboard, { product: 'odh' }))).statusCode).toBe(200);
  });
});
