import { rmSync } from 'node:fs';
import { CloudHsmMessages, type CloudHsmDetail, type Cluster } from '@keydeck/contract/cloud-hsms';
import { ErrorCode } from '@keydeck/contract/errors';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { Visitor } from '../../../test/test-app.ts';
import { runProvisioning } from './cloud-hsms.jobs.ts';
import {
  auditOf,
  eventually,
  expectCall,
  generateKey,
  heartbeat,
  insertRemoteProvisioner,
  newTokenRoot,
  placeBuiltin,
  remoteProcess,
  secretKeyLabels,
  seedCustomer,
  seedPlacement,
  startWithAdmin,
  type Customer,
  type Placement,
  type TestApp,
} from './cloud-hsms.test-helper.ts';

/**
 * A cluster of cloud HSMs: a key generated on one member appears on the others, wrapped under the cluster key by
 * the sync job of the app's own agent; a member whose provisioner is down is shown Failed while the rest sync.
 */
let t: TestApp;
let admin: Visitor;
let acme: Customer;
let local: Placement;
let far: Placement;
let farProvisioner: string;
let farRoot: string;
let alpha: CloudHsmDetail;
let bravo: CloudHsmDetail;
const userPins: Record<string, string> = {};
let cluster: Cluster;

const hsmsPath = () => apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
const clustersPath = () => apiPath(ApiPath.clusters, { account_id: acme.accountId, service_id: acme.clusterServiceId });
const getHsm = async (id: string): Promise<CloudHsmDetail> => (await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudHsm, { hsm_id: id }), 200)).data;
const getCluster = async (): Promise<Cluster> => (await expectCall(acme.manager, 'GET', apiPath(ApiPath.cluster, { cluster_id: cluster.id }), 200)).data;

async function provisionLocal(name: string): Promise<CloudHsmDetail> {
  const { data } = await expectCall(acme.manager, 'POST', hsmsPath(), 202, { name, blueprint_id: local.blueprint.id, zone_id: local.zone.id });
  const hsm = await eventually(async () => ((await getHsm(data.id)).status === 'Enabled' ? getHsm(data.id) : null), `${name} Enabled`);
  userPins[hsm.id] = (await expectCall(acme.manager, 'POST', apiPath(ApiPath.cloudHsmPins, { hsm_id: hsm.id }), 200)).data.user_pin;
  return hsm;
}

beforeAll(async () => {
  ({ t, admin } = await startWithAdmin());
  local = await seedPlacement(admin, 'loc', { cidr: '10.80.0.0/29', ports: 1 });
  far = await seedPlacement(admin, 'far', { cidr: '10.81.0.0/29', ports: 1 });
  await placeBuiltin(t, admin, local.group.id);
  farProvisioner = await insertRemoteProvisioner(t, 'remote-far', far.group.id);
  farRoot = newTokenRoot();
  acme = await seedCustomer(t, admin, 'acme', { start: 44000, end: 44099 });
});

afterAll(async () => {
  await t?.close();
  if (farRoot) rmSync(farRoot, { recursive: true, force: true });
});

describe('clusters', () => {
  it('keeps two members’ keys in step: a key generated on one appears on the other', { timeout: 120_000 }, async () => {
    alpha = await provisionLocal('Alpha');
    bravo = await provisionLocal('Bravo');
    cluster = (await expectCall(acme.manager, 'POST', clustersPath(), 201, { name: 'Payments cluster' })).data;
    expect(cluster).toMatchObject({ name: 'Payments cluster', member_count: 0, members: [], last_sync_at: null });
    const taken = await acme.manager.post(clustersPath(), { name: 'payments CLUSTER' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CloudHsmMessages.clusterNameTaken('payments CLUSTER'));

    const membersPath = apiPath(ApiPath.clusterMembers, { cluster_id: cluster.id });
    const candidates = (await expectCall(acme.manager, 'GET', membersPath, 200)).candidates.map((c: { name: string }) => c.name);
    expect(candidates).toEqual(['Alpha', 'Bravo']);

    await generateKey(alpha.connection!, userPins[alpha.id]!, 'shared', '0a', '--extractable', '--sensitive');
    await generateKey(alpha.connection!, userPins[alpha.id]!, 'pinned', '0b');
    await expectCall(acme.manager, 'POST', membersPath, 200, { hsm_id: alpha.id });
    const joined = (await expectCall(acme.manager, 'POST', membersPath, 200, { hsm_id: bravo.id })).data as Cluster;
    expect(joined.members.map((m) => m.hsm_name)).toEqual(['Alpha', 'Bravo']);

    // The join queued a sync on the cluster-sync queue: the app's agent runs it.
    const synced = await eventually(async () => {
      const now = await getCluster();
      return now.members.every((m) => m.status === 'InSync') && now.members.find((m) => m.hsm_id === bravo.id)!.keys === 1 ? now : null;
    }, 'members in sync');
    expect(synced.members.map((m) => [m.hsm_name, m.status, m.keys])).toEqual([
      ['Alpha', 'InSync', 2],
      ['Bravo', 'InSync', 1],
    ]);
    expect(synced.last_sync_at).not.toBeNull();
    // The extractable key is on Bravo, as pkcs11-tool sees it; the non-extractable one stayed on Alpha.
    expect(await secretKeyLabels(bravo.connection!, userPins[bravo.id]!)).toEqual(['shared']);
    expect(await secretKeyLabels(alpha.connection!, userPins[alpha.id]!)).toEqual(['pinned', 'shared']);
    const [event] = await queryRows<{ reason: string }>(t.database.db, sql`select reason from audit_events where action = 'cluster.sync' and actor_username = 'system'`);
    expect(event!.reason).toBe('1 key(s) copied; non-extractable keys kept on their member: Alpha 1');

    // A key made on Bravo goes the other way on "sync now".
    await generateKey(bravo.connection!, userPins[bravo.id]!, 'from-bravo', '0c', '--extractable');
    await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusterSync, { cluster_id: cluster.id }), 202);
    await eventually(async () => (await secretKeyLabels(alpha.connection!, userPins[alpha.id]!)).includes('from-bravo'), 'from-bravo on Alpha');

    // Two keys on Bravo share an id and label: which to copy is ambiguous, so neither is, and the members stay in step.
    await generateKey(bravo.connection!, userPins[bravo.id]!, 'twin', '0e', '--extractable');
    await generateKey(bravo.connection!, userPins[bravo.id]!, 'twin', '0e', '--extractable');
    await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusterSync, { cluster_id: cluster.id }), 202);
    const afterTwins = await eventually(async () => {
      const now = await getCluster();
      return now.members.find((m) => m.hsm_id === bravo.id)!.keys === 4 ? now : null;
    }, 'twins counted on Bravo');
    expect(afterTwins.members.map((m) => [m.hsm_name, m.status])).toEqual([
      ['Alpha', 'InSync'],
      ['Bravo', 'InSync'],
    ]);
    expect(await secretKeyLabels(alpha.connection!, userPins[alpha.id]!)).toEqual(['from-bravo', 'pinned', 'shared']);
  });

  it('marks a member whose provisioner is down Failed, and the others keep syncing', { timeout: 120_000 }, async () => {
    await heartbeat(t, farProvisioner);
    const { data } = await expectCall(acme.manager, 'POST', hsmsPath(), 202, { name: 'Charlie', blueprint_id: far.blueprint.id, zone_id: far.zone.id });
    await runProvisioning(remoteProcess(t, farProvisioner, farRoot).deps, data.id, 'far-job');
    await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusterMembers, { cluster_id: cluster.id }), 200, { hsm_id: data.id });
    await queryRows(t.database.db, sql`update provisioners set last_heartbeat_at = now() - interval '2 minutes' where id = ${farProvisioner}`);

    await generateKey(alpha.connection!, userPins[alpha.id]!, 'after-failure', '0d', '--extractable');
    await expectCall(acme.manager, 'POST', apiPath(ApiPath.clusterSync, { cluster_id: cluster.id }), 202);
    const now = await eventually(async () => {
      const c = await getCluster();
      return c.members.find((m) => m.hsm_name === 'Charlie')?.status === 'Failed' ? c : null;
    }, 'Charlie Failed');
    expect(now.members.find((m) => m.hsm_name === 'Charlie')).toMatchObject({ status: 'Failed', status_label: 'Failed', last_error: CloudHsmMessages.provisionerDown, health_state: 'Unreachable' });
    expect(now.members.filter((m) => m.hsm_name !== 'Charlie').every((m) => m.status === 'InSync')).toBe(true);
    expect(await secretKeyLabels(bravo.connection!, userPins[bravo.id]!)).toContain('after-failure');

    // The overview counts the cluster's members by state.
    const overview = (await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudOverview, { account_id: acme.accountId }), 200)).data;
    expect(overview.clusters).toEqual([expect.objectContaining({ id: cluster.id, member_count: 3, members_by_status: { Joining: 0, InSync: 2, Failed: 1 } })]);

    // A member is not deprovisioned; out of the cluster it can be.
    const refused = await acme.manager.call({ method: 'DELETE', url: apiPath(ApiPath.cloudHsm, { hsm_id: data.id }), payload: { confirm_name: 'Charlie' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CloudHsmMessages.inCluster('Payments cluster'));
    const removed = (await expectCall(acme.manager, 'DELETE', apiPath(ApiPath.clusterMember, { cluster_id: cluster.id, hsm_id: data.id }), 200)).data as Cluster;
    expect(removed.members.map((m) => m.hsm_name)).toEqual(['Alpha', 'Bravo']);
    expect((await acme.manager.call({ method: 'DELETE', url: apiPath(ApiPath.clusterMember, { cluster_id: cluster.id, hsm_id: data.id }) })).statusCode).toBe(404);
  });

  it('refuses members that are not Enabled or already in a cluster', async () => {
    const other = (await expectCall(acme.manager, 'POST', clustersPath(), 201, { name: 'Other cluster' })).data as Cluster;
    const taken = await acme.manager.post(apiPath(ApiPath.clusterMembers, { cluster_id: other.id }), { hsm_id: alpha.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(CloudHsmMessages.clusterMemberElsewhere('Payments cluster'));
    await heartbeat(t, farProvisioner);
    const { data: pending } = await expectCall(acme.manager, 'POST', hsmsPath(), 202, { name: 'Pending', blueprint_id: far.blueprint.id, zone_id: far.zone.id });
    const notEnabled = await acme.manager.post(apiPath(ApiPath.clusterMembers, { cluster_id: other.id }), { hsm_id: pending.id });
    expect(notEnabled.statusCode).toBe(409);
    expect(notEnabled.json().message).toBe(CloudHsmMessages.clusterMemberNotEnabled);
    // An empty cluster goes without confirmation.
    await expectCall(acme.manager, 'DELETE', apiPath(ApiPath.cluster, { cluster_id: other.id }), 200);
  });

  it('deletes a cluster with members only when confirmed, and audits every change', async () => {
    const url = apiPath(ApiPath.cluster, { cluster_id: cluster.id });
    const unconfirmed = await acme.manager.call({ method: 'DELETE', url, payload: {} });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ message: CloudHsmMessages.clusterHasMembers(2), error: ErrorCode.confirmationRequired });
    const deleted = await expectCall(acme.manager, 'DELETE', url, 200, { confirm: true });
    expect(deleted.data.member_count).toBe(2);
    expect((await acme.manager.get(url)).statusCode).toBe(404);
    // Its members stay, out of any cluster.
    expect((await getHsm(alpha.id)).cluster).toBeNull();

    const events = await auditOf(t, acme.accountId);
    const actions = new Set(events.map((e) => e.action));
    for (const action of ['cluster.create', 'cluster.member_add', 'cluster.member_remove', 'cluster.sync', 'cluster.delete']) expect(actions, action).toContain(action);
    const added = events.find((e) => e.action === 'cluster.member_add' && e.target === bravo.id);
    expect(added).toMatchObject({ outcome: 'success', target_name: 'Bravo (cluster Payments cluster)' });
    // The member events show on the HSM's own trail.
    const trail = await expectCall(acme.manager, 'GET', `${apiPath(ApiPath.cloudHsmAuditEvents, { hsm_id: bravo.id })}?page_size=100`, 200);
    expect(trail.data.map((e: { action: string }) => e.action)).toContain('cluster.member_add');
  });
});
