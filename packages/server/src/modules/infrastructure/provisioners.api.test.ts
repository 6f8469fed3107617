import { ApiPath, apiPath } from '@keydeck/contract/http';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { provisionerGroupResponse, provisionerGroupsPage, provisionerResponse, provisionersPage } from '@keydeck/contract/provisioners';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { auditEvents, expectCall, insertCloudHsm, insertProvisioner, seedTopology } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;
let topo: Awaited<ReturnType<typeof seedTopology>>;

beforeAll(async () => {
  ({ t, admin } = await startWithPlatformAdmin());
  topo = await seedTopology(admin, 'fra1');
});
afterAll(() => t.close());

const groupUrl = (id: string) => apiPath(ApiPath.provisionerGroup, { group_id: id });
const provisionerUrl = (id: string) => apiPath(ApiPath.provisioner, { provisioner_id: id });

describe('provisioner groups', () => {
  it('creates, lists, edits and deletes groups, auditing each change', async () => {
    const group = provisionerGroupResponse.parse(
      await expectCall(admin, 'POST', ApiPath.provisionerGroups, 201, { name: 'Spare', zone_id: topo.zone.id, description: 'Overflow capacity' }),
    ).data;
    expect(group).toMatchObject({ zone_name: 'Zone fra1', description: 'Overflow capacity', provisioners: 0, blueprints: 0 });
    const page = provisionerGroupsPage.parse(await expectCall(admin, 'GET', `${ApiPath.provisionerGroups}?zone_id=${topo.zone.id}`, 200));
    expect(page.data.map((g) => [g.name, g.blueprints])).toEqual([['Group fra1', 1], ['Spare', 0]]);

    const edited = provisionerGroupResponse.parse(await expectCall(admin, 'PUT', groupUrl(group.id), 200, { name: 'Spare pool', zone_id: topo.zone.id })).data;
    expect(edited).toMatchObject({ name: 'Spare pool', description: '' });
    const taken = await admin.call({ method: 'POST', url: ApiPath.provisionerGroups, payload: { name: 'group FRA1', zone_id: topo.zone.id } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(InfrastructureMessages.nameTaken('provisioner group', 'group FRA1'));
    const noZone = await admin.call({ method: 'POST', url: ApiPath.provisionerGroups, payload: { name: 'Lost', zone_id: crypto.randomUUID() } });
    expect(noZone.json().errors).toEqual({ zone_id: [InfrastructureMessages.unknown('IPAM zone')] });

    await expectCall(admin, 'DELETE', groupUrl(group.id), 200);
    expect((await auditEvents(t.database.db, 'infrastructure.provisioner_group.create')).filter((e) => e.outcome === 'success').map((e) => e.target_name)).toEqual([
      'Group fra1',
      'Spare',
    ]);
    expect(await auditEvents(t.database.db, 'infrastructure.provisioner_group.update')).toEqual([expect.objectContaining({ target: group.id, target_name: 'Spare pool' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.provisioner_group.delete')).toEqual([expect.objectContaining({ target: group.id, target_name: 'Spare pool' })]);
  });

  it('keeps a group while provisioners or blueprints use it', async () => {
    const res = await admin.call({ method: 'DELETE', url: groupUrl(topo.group.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(InfrastructureMessages.groupInUse('Group fra1', 0, 1));
    const other = (await expectCall(admin, 'POST', ApiPath.provisionerGroups, 201, { name: 'With provisioner', zone_id: topo.zone.id })).data;
    await insertProvisioner(t.database.db, { name: 'agent-lonely', groupId: other.id });
    const withProvisioner = await admin.call({ method: 'DELETE', url: groupUrl(other.id) });
    expect(withProvisioner.json().message).toBe(InfrastructureMessages.groupInUse('With provisioner', 1, 0));
  });
});

describe('provisioners', () => {
  let up: string;
  let down: string;
  let acme: SeededAccount;
  let serviceId: string;

  beforeAll(async () => {
    up = await insertProvisioner(t.database.db, { name: 'agent-alpha', groupId: topo.group.id, capacity: 4 });
    down = await insertProvisioner(t.database.db, { name: 'agent-beta', groupId: null, capacity: 8, heartbeatSecondsAgo: 61 });
    acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    serviceId = (await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Cloud HSMs' })).serviceId;
  });

  it('lists provisioners with their group, state by heartbeat, and the HSMs they host', async () => {
    const hsm = { accountId: acme.accountId, serviceId, blueprintId: topo.blueprint.id, zoneId: topo.zone.id, provisionerId: up };
    await insertCloudHsm(t.database.db, { ...hsm, name: 'one' });
    await insertCloudHsm(t.database.db, { ...hsm, name: 'two', status: 'PendingProvisioning' });
    await insertCloudHsm(t.database.db, { ...hsm, name: 'gone', status: 'Deprovisioned' });

    const page = provisionersPage.parse(await expectCall(admin, 'GET', `${ApiPath.provisioners}?search=agent-`, 200));
    expect(page.data.map((p) => [p.name, p.group_name, p.state, p.hosted, p.capacity, p.utilisation_percent])).toEqual([
      ['agent-alpha', 'Group fra1', 'Up', 2, 4, 50],
      ['agent-beta', null, 'Down', 0, 8, 0],
      ['agent-lonely', 'With provisioner', 'Up', 0, 10, 0],
    ]);
    expect(page.data[0]).toMatchObject({ kind: 'softhsm2', host: 'test-host', version: '1.0.0', draining: false });
    const inGroup = provisionersPage.parse(await expectCall(admin, 'GET', `${ApiPath.provisioners}?group_id=${topo.group.id}`, 200));
    expect(inGroup.data.map((p) => p.name)).toEqual(['agent-alpha']);
  });

  it('places a provisioner in a group and drains it, auditing the change', async () => {
    const placed = provisionerResponse.parse(await expectCall(admin, 'PUT', provisionerUrl(down), 200, { group_id: topo.group.id, draining: true })).data;
    expect(placed).toMatchObject({ group_id: topo.group.id, group_name: 'Group fra1', draining: true, state: 'Down' });
    const freed = provisionerResponse.parse(await expectCall(admin, 'PUT', provisionerUrl(down), 200, { group_id: null, draining: false })).data;
    expect(freed).toMatchObject({ group_id: null, draining: false });
    const noGroup = await admin.call({ method: 'PUT', url: provisionerUrl(down), payload: { group_id: crypto.randomUUID(), draining: false } });
    expect(noGroup.json().errors).toEqual({ group_id: [InfrastructureMessages.unknown('provisioner group')] });
    await expectCall(admin, 'PUT', provisionerUrl(crypto.randomUUID()), 404, { group_id: null, draining: false });
    expect((await auditEvents(t.database.db, 'infrastructure.provisioner.update')).filter((e) => e.outcome === 'success')).toEqual([
      expect.objectContaining({ target: down, target_name: 'agent-beta', reason: `group_id=${topo.group.id}, draining=true` }),
      expect.objectContaining({ target: down, target_name: 'agent-beta', reason: 'group_id=none, draining=false' }),
    ]);
  });

  it('deletes only a provisioner hosting no HSM; deprovisioned ones keep their history without it', async () => {
    const refused = await admin.call({ method: 'DELETE', url: provisionerUrl(up) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(InfrastructureMessages.provisionerHostsHsms('agent-alpha', 2));

    await queryRows(t.database.db, sql`update cloud_hsms set status = 'Deprovisioned' where provisioner_id = ${up}`);
    await expectCall(admin, 'DELETE', provisionerUrl(up), 200);
    await expectCall(admin, 'GET', provisionerUrl(up), 404);
    const kept = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from cloud_hsms where name in ('one', 'two', 'gone') and provisioner_id is null`);
    expect(kept[0]!.n).toBe(3);
    expect((await auditEvents(t.database.db, 'infrastructure.provisioner.delete')).map((e) => [e.outcome, e.target_name])).toEqual([
      ['refused', 'agent-alpha'],
      ['success', 'agent-alpha'],
    ]);
  });
});
