import { ApiPath, apiPath } from '@keydeck/contract/http';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { customerDashboardResponse, provisioningDashboardResponse } from '@keydeck/contract/infrastructure-dashboards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { expectCall, insertCloudHsm, insertProvisioner, seedTopology } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;

beforeAll(async () => ({ t, admin } = await startWithPlatformAdmin()));
afterAll(() => t.close());

const customerDashboard = async (product: string) =>
  customerDashboardResponse.parse(await expectCall(admin, 'GET', apiPath(ApiPath.customerInfrastructureDashboard, { product }), 200)).data;
const provisioningDashboard = async () => provisioningDashboardResponse.parse(await expectCall(admin, 'GET', ApiPath.provisioningInfrastructureDashboard, 200)).data;
const today = () => new Date().toISOString().slice(0, 10);

describe('dashboards', () => {
  it('are empty while nothing exists, and 404 for an unknown product', async () => {
    expect(await customerDashboard('odh')).toEqual({ product: 'odh', by_status: [], by_location: [], top_accounts: [], created_per_day: [] });
    expect(await customerDashboard('cryptohub')).toEqual({
      product: 'cryptohub',
      clusters_per_account: [],
      members_by_state: [],
      hsms_in_clusters: 0,
      hsms_standalone: 0,
      accounts_with_cloud_services: 0,
    });
    const provisioning = await provisioningDashboard();
    expect(provisioning).toMatchObject({ zones: [], queue: { queued: 0, running: 0 }, durations_per_day: [], failures_per_day: [] });
    const unknown = await admin.get(apiPath(ApiPath.customerInfrastructureDashboard, { product: 'payments' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(InfrastructureMessages.dashboardUnknown);
  });

  it('count the cloud HSMs, clusters, provisioners, addresses and provisioning runs that exist', async () => {
    const topo = await seedTopology(admin, 'fra1', { cidr: '10.80.0.0/29' });
    const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const acmeService = (await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Acme HSMs' })).serviceId;
    const clusterService = (await seedService(t.database.db, acme.accountId, { type: 'cluster_management', name: 'Acme clusters' })).serviceId;
    const globexService = (await seedService(t.database.db, globex.accountId, { type: 'cloud_hsms', name: 'Globex HSMs' })).serviceId;
    const provisionerId = await insertProvisioner(t.database.db, { name: 'agent-1', groupId: topo.group.id, capacity: 4 });
    await insertProvisioner(t.database.db, { name: 'agent-2', capacity: 2, heartbeatSecondsAgo: 600 });

    const base = { blueprintId: topo.blueprint.id, zoneId: topo.zone.id, provisionerId };
    const a1 = await insertCloudHsm(t.database.db, { ...base, accountId: acme.accountId, serviceId: acmeService, name: 'a1', address: { poolId: topo.pool.id, address: '10.80.0.1' } });
    const a2 = await insertCloudHsm(t.database.db, { ...base, accountId: acme.accountId, serviceId: acmeService, name: 'a2', createdDaysAgo: 3, address: { poolId: topo.pool.id, address: '10.80.0.2' } });
    await insertCloudHsm(t.database.db, { ...base, accountId: acme.accountId, serviceId: acmeService, name: 'a3', status: 'Failed' });
    await insertCloudHsm(t.database.db, { ...base, accountId: globex.accountId, serviceId: globexService, name: 'g1', status: 'Deprovisioned', createdDaysAgo: 40 });

    const [cluster] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into clusters (account_id, service_id, name, cluster_key_sealed) values (${acme.accountId}, ${clusterService}, 'main', 'sealed') returning id`,
    );
    await queryRows(
      t.database.db,
      sql`insert into cluster_members (cluster_id, cloud_hsm_id, account_id, status) values
        (${cluster!.id}, ${a1}, ${acme.accountId}, 'InSync'), (${cluster!.id}, ${a2}, ${acme.accountId}, 'Failed')`,
    );
    await queryRows(
      t.database.db,
      sql`insert into provisioning_runs (cloud_hsm_id, account_id, kind, queued_at, started_at, finished_at, outcome) values
        (${a1}, ${acme.accountId}, 'provision', now() - interval '100 seconds', now() - interval '95 seconds', now() - interval '90 seconds', 'succeeded'),
        (${a2}, ${acme.accountId}, 'provision', now() - interval '100 seconds', now() - interval '90 seconds', now() - interval '70 seconds', 'failed'),
        (${a2}, ${acme.accountId}, 'provision', now() - interval '40 days', now() - interval '40 days', now() - interval '40 days', 'failed'),
        (${a1}, ${acme.accountId}, 'deprovision', now(), null, null, 'queued'),
        (${a2}, ${acme.accountId}, 'provision', now(), now(), null, 'running')`,
    );

    const odh = await customerDashboard('odh');
    expect(odh).toEqual({
      product: 'odh',
      by_status: [{ status: 'Deprovisioned', count: 1 }, { status: 'Enabled', count: 2 }, { status: 'Failed', count: 1 }],
      by_location: [{ datacenter_id: topo.datacenter.id, datacenter_name: 'DC fra1', location: 'City fra1', count: 3 }],
      top_accounts: [{ account_id: acme.accountId, account_name: 'Company acme', count: 3 }],
      created_per_day: [
        { day: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10), count: 1 },
        { day: today(), count: 2 },
      ],
    });

    expect(await customerDashboard('cryptohub')).toEqual({
      product: 'cryptohub',
      clusters_per_account: [{ account_id: acme.accountId, account_name: 'Company acme', clusters: 1 }],
      members_by_state: [{ state: 'Failed', count: 1 }, { state: 'InSync', count: 1 }],
      hsms_in_clusters: 2,
      hsms_standalone: 1,
      accounts_with_cloud_services: 2,
    });

    const provisioning = await provisioningDashboard();
    expect(provisioning.provisioners.filter((p) => p.name.startsWith('agent-'))).toEqual([
      { id: provisionerId, name: 'agent-1', capacity: 4, hosted: 3, utilisation_percent: 75, state: 'Up' },
      expect.objectContaining({ name: 'agent-2', capacity: 2, hosted: 0, utilisation_percent: 0, state: 'Down' }),
    ]);
    expect(provisioning.zones).toEqual([{ id: topo.zone.id, name: 'Zone fra1', size: '6', size_display: '6', allocated: 2, utilisation_percent: 33.33 }]);
    expect(provisioning.queue).toEqual({ queued: 1, running: 1 });
    expect(provisioning.durations_per_day).toEqual([{ day: today(), runs: 2, p50_seconds: 20, p95_seconds: 29 }]);
    expect(provisioning.failures_per_day).toEqual([{ day: today(), count: 1 }]);
  });
});
