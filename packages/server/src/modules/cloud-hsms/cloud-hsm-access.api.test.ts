import { rmSync } from 'node:fs';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedService } from '../../../test/fixtures.ts';
import type { Visitor } from '../../../test/test-app.ts';
import { runProvisioning } from './cloud-hsms.jobs.ts';
import {
  expectCall,
  heartbeat,
  insertRemoteProvisioner,
  newTokenRoot,
  remoteProcess,
  seedCustomer,
  seedPlacement,
  startWithAdmin,
  type Customer,
  type Placement,
  type TestApp,
} from './cloud-hsms.test-helper.ts';

/** Who may see and change which cloud HSMs and clusters. */
let t: TestApp;
let admin: Visitor;
let acme: Customer;
let beta: Customer;
let site: Placement;
let other: Placement;
let provisioner: string;
let root: string;
let hsmId: string;
let clusterId: string;

const hsmsPath = (c: typeof acme, serviceId = c.hsmServiceId) => apiPath(ApiPath.cloudHsms, { account_id: c.accountId, service_id: serviceId });

beforeAll(async () => {
  ({ t, admin } = await startWithAdmin());
  site = await seedPlacement(admin, 'site', { cidr: '10.90.0.0/29', ports: 1 });
  other = await seedPlacement(admin, 'other', { cidr: '10.91.0.0/29', ports: 1 });
  provisioner = await insertRemoteProvisioner(t, 'remote-site', site.group.id);
  root = newTokenRoot();
  acme = await seedCustomer(t, admin, 'acme', { start: 45000, end: 45009 });
  beta = await seedCustomer(t, admin, 'beta', { start: 46000, end: 46009 });
  await heartbeat(t, provisioner);
  hsmId = (await expectCall(acme.manager, 'POST', hsmsPath(acme), 202, { name: 'Vault', blueprint_id: site.blueprint.id, zone_id: site.zone.id })).data.id;
  await runProvisioning(remoteProcess(t, provisioner, root).deps, hsmId, 'job');
  clusterId = (await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusters, { account_id: acme.accountId, service_id: acme.clusterServiceId }), 201, { name: 'Ring' }))
    .data.id;
  await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusterMembers, { cluster_id: clusterId }), 200, { hsm_id: hsmId });
});

afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every HSM and cluster route, with a body each accepts. */
function everyRoute(): { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; change: boolean }[] {
  const hsm = { hsm_id: hsmId };
  const cluster = { cluster_id: clusterId };
  return [
    { method: 'GET', url: hsmsPath(acme), change: false },
    { method: 'POST', url: hsmsPath(acme), payload: { name: 'Mine', blueprint_id: site.blueprint.id, zone_id: site.zone.id }, change: true },
    { method: 'GET', url: apiPath(ApiPath.cloudHsm, hsm), change: false },
    { method: 'DELETE', url: apiPath(ApiPath.cloudHsm, hsm), payload: { confirm_name: 'Vault' }, change: true },
    { method: 'GET', url: apiPath(ApiPath.cloudHsmHealth, hsm), change: false },
    { method: 'GET', url: apiPath(ApiPath.cloudHsmAuditEvents, hsm), change: false },
    { method: 'POST', url: apiPath(ApiPath.cloudHsmPins, hsm), change: true },
    { method: 'POST', url: apiPath(ApiPath.cloudHsmUserPin, hsm), change: true },
    { method: 'POST', url: apiPath(ApiPath.cloudHsmBackup, hsm), payload: { passphrase: 'correct horse battery' }, change: true },
    { method: 'POST', url: apiPath(ApiPath.cloudHsmRestoreCheck, hsm), payload: { passphrase: 'correct horse battery', content: 'AAAA' }, change: true },
    { method: 'POST', url: apiPath(ApiPath.cloudHsmRestore, hsm), payload: { passphrase: 'correct horse battery', content: 'AAAA' }, change: true },
    { method: 'GET', url: apiPath(ApiPath.clusters, { account_id: acme.accountId, service_id: acme.clusterServiceId }), change: false },
    { method: 'POST', url: apiPath(ApiPath.clusters, { account_id: acme.accountId, service_id: acme.clusterServiceId }), payload: { name: 'Theirs' }, change: true },
    { method: 'GET', url: apiPath(ApiPath.cluster, cluster), change: false },
    { method: 'DELETE', url: apiPath(ApiPath.cluster, cluster), payload: { confirm: true }, change: true },
    { method: 'GET', url: apiPath(ApiPath.clusterMembers, cluster), change: false },
    { method: 'POST', url: apiPath(ApiPath.clusterMembers, cluster), payload: { hsm_id: hsmId }, change: true },
    { method: 'DELETE', url: apiPath(ApiPath.clusterMember, { ...cluster, ...hsm }), change: true },
    { method: 'POST', url: apiPath(ApiPath.clusterSync, cluster), change: true },
    { method: 'GET', url: apiPath(ApiPath.cloudOverview, { account_id: acme.accountId }), change: false },
  ];
}

describe('cloud HSM and cluster access', () => {
  it('answers another account’s user 404 on every route with the first account’s ids, changing nothing', async () => {
    for (const route of everyRoute()) {
      const res = await beta.manager.call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // Naming their own account with the other's service is no way round it.
    expect((await beta.manager.get(hsmsPath(beta, acme.hsmServiceId))).statusCode).toBe(404);
    expect((await beta.manager.post(apiPath(ApiPath.clusterMembers, { cluster_id: clusterId }), { hsm_id: hsmId })).statusCode).toBe(404);
    const hsm = await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudHsm, { hsm_id: hsmId }), 200);
    expect(hsm.data).toMatchObject({ status: 'Enabled', pins_shown: false, cluster: { id: clusterId, name: 'Ring' } });
  });

  it('lets a read-only user see but not change (403)', async () => {
    for (const route of everyRoute()) {
      const res = await acme.reader.call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(route.change ? 403 : 200);
    }
  });

  it('puts a beta HSM of acme’s cluster out of reach: members are of the cluster’s account only', async () => {
    await heartbeat(t, provisioner);
    const betaHsm = (await expectCall(beta.manager, 'POST', hsmsPath(beta), 202, { name: 'Beta vault', blueprint_id: site.blueprint.id, zone_id: site.zone.id })).data.id;
    await runProvisioning(remoteProcess(t, provisioner, root).deps, betaHsm, 'job');
    expect((await acme.manager.post(apiPath(ApiPath.clusterMembers, { cluster_id: clusterId }), { hsm_id: betaHsm })).statusCode).toBe(404);
    // A platform administrator sees both.
    await expectCall(admin, 'GET', apiPath(ApiPath.cloudHsm, { hsm_id: betaHsm }), 200);
    await expectCall(admin, 'GET', apiPath(ApiPath.cluster, { cluster_id: clusterId }), 200);
  });

  it('needs an Enabled cloud_hsms service of the account, and a blueprint offered in the zone', async () => {
    const body = { name: 'Fine', blueprint_id: site.blueprint.id, zone_id: site.zone.id };
    // A service of another type is not a cloud HSM service.
    expect((await acme.manager.post(hsmsPath(acme, acme.clusterServiceId), body)).statusCode).toBe(404);
    const { serviceId: disabled } = await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Off', status: 'Disabled' });
    const off = await acme.manager.post(hsmsPath(acme, disabled), body);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(Messages.serviceNotEnabled);

    const elsewhere = await acme.manager.post(hsmsPath(acme), { ...body, zone_id: other.zone.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.zone_id).toEqual([CloudHsmMessages.blueprintNotInZone('Blueprint site', 'Zone other')]);
    const unknown = await acme.manager.post(hsmsPath(acme), { ...body, blueprint_id: acme.accountId });
    expect(unknown.json().errors.blueprint_id).toEqual([CloudHsmMessages.blueprintUnknown]);
    const badName = await acme.manager.post(hsmsPath(acme), { ...body, name: '../etc' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors.name).toEqual([CloudHsmMessages.nameFormat]);
    const taken = await acme.manager.post(hsmsPath(acme), { ...body, name: 'VAULT' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CloudHsmMessages.nameTaken('VAULT'));
  });

  it('records refusals on the caller’s own log and changes on the HSM’s account', async () => {
    const refused = await beta.manager.post(apiPath(ApiPath.cloudHsmPins, { hsm_id: hsmId }));
    expect(refused.statusCode).toBe(404);
    const shown = await expectCall(acme.manager, 'POST', apiPath(ApiPath.cloudHsmPins, { hsm_id: hsmId }), 200);
    expect(shown.data.user_pin).toBeTruthy();
    const trail = await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudHsmAuditEvents, { hsm_id: hsmId }), 200);
    expect(trail.data[0]).toMatchObject({ action: 'cloud_hsm.pins_shown', outcome: 'success', target: hsmId, target_name: 'Vault', actor_username: 'acme-admin' });
  });
});
