import { ApiPath, apiPath } from '@keydeck/contract/http';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { ipamAllocationsPage, ipamPoolResponse, ipamZoneResponse, ipamZonesPage } from '@keydeck/contract/ipam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, seedAccount, seedService } from '../../../test/fixtures.ts';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { auditEvents, expectCall, insertCloudHsm, seedTopology } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;
let datacenterId: string;

beforeAll(async () => {
  ({ t, admin } = await startWithPlatformAdmin());
  datacenterId = (await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: 'Frankfurt 1', code: 'fra1', location: 'Frankfurt, Germany' })).data.id;
});
afterAll(() => t.close());

const zoneUrl = (id: string) => apiPath(ApiPath.ipamZone, { zone_id: id });
const poolsUrl = (zoneId: string) => apiPath(ApiPath.ipamPools, { zone_id: zoneId });
const poolUrl = (zoneId: string, poolId: string) => apiPath(ApiPath.ipamPool, { zone_id: zoneId, pool_id: poolId });
const createZone = async (name: string) => ipamZoneResponse.parse(await expectCall(admin, 'POST', ApiPath.ipamZones, 201, { name, datacenter_id: datacenterId })).data;
const addPool = (zoneId: string, cidr: string) => admin.call({ method: 'POST', url: poolsUrl(zoneId), payload: { cidr } });

describe('IPAM zones', () => {
  it('creates, lists, renames and deletes zones, auditing each change', async () => {
    const zone = await createZone('fra1-a');
    expect(zone).toMatchObject({ name: 'fra1-a', datacenter_name: 'Frankfurt 1', datacenter_location: 'Frankfurt, Germany', pools: [], size: '0', allocated: 0, utilisation_percent: 0 });
    const renamed = ipamZoneResponse.parse(await expectCall(admin, 'PUT', zoneUrl(zone.id), 200, { name: 'fra1-b', datacenter_id: datacenterId })).data;
    expect(renamed.name).toBe('fra1-b');
    const taken = await admin.call({ method: 'POST', url: ApiPath.ipamZones, payload: { name: 'FRA1-B', datacenter_id: datacenterId } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ name: [InfrastructureMessages.nameTaken('zone', 'FRA1-B')] });
    const noDatacenter = await admin.call({ method: 'POST', url: ApiPath.ipamZones, payload: { name: 'nowhere', datacenter_id: crypto.randomUUID() } });
    expect(noDatacenter.json().errors).toEqual({ datacenter_id: [InfrastructureMessages.unknown('datacenter')] });

    await expectCall(admin, 'DELETE', zoneUrl(zone.id), 200);
    expect(ipamZonesPage.parse(await expectCall(admin, 'GET', ApiPath.ipamZones, 200)).total).toBe(0);
    expect((await auditEvents(t.database.db, 'infrastructure.zone.create')).map((e) => [e.outcome, e.target_name ?? e.target])).toEqual([
      ['success', 'fra1-a'],
      ['refused', 'FRA1-B'],
      ['refused', 'nowhere'],
    ]);
    expect(await auditEvents(t.database.db, 'infrastructure.zone.update')).toEqual([expect.objectContaining({ target: zone.id, target_name: 'fra1-b' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.zone.delete')).toEqual([expect.objectContaining({ target: zone.id, target_name: 'fra1-b' })]);
  });
});

describe('IPAM pools', () => {
  let zoneA: string;
  let zoneB: string;

  beforeAll(async () => {
    zoneA = (await createZone('zone-a')).id;
    zoneB = (await createZone('zone-b')).id;
  });

  it('adds IPv4 and IPv6 pools in canonical form, with their sizes', async () => {
    const v4 = ipamPoolResponse.parse(await expectCall(admin, 'POST', poolsUrl(zoneA), 201, { cidr: '10.10.0.0/24' })).data;
    expect(v4).toMatchObject({ zone_id: zoneA, cidr: '10.10.0.0/24', family: 'ipv4', prefix_length: 24, size: '254', size_display: '254', allocated: 0 });
    const v6 = ipamPoolResponse.parse(await expectCall(admin, 'POST', poolsUrl(zoneB), 201, { cidr: 'FD00:0010::/64' })).data;
    expect(v6).toMatchObject({ cidr: 'fd00:10::/64', family: 'ipv6', prefix_length: 64, size: (2n ** 64n - 1n).toString(), size_display: '≈ 2^64' });
    expect(await auditEvents(t.database.db, 'infrastructure.pool.add')).toEqual([
      expect.objectContaining({ outcome: 'success', target: v4.id, target_name: '10.10.0.0/24' }),
      expect.objectContaining({ outcome: 'success', target: v6.id, target_name: 'fd00:10::/64' }),
    ]);
  });

  it('refuses an overlapping pool in the same zone, in another zone, and for IPv6, naming the pool it overlaps', async () => {
    const cases = [
      [zoneA, '10.10.0.128/25', InfrastructureMessages.poolOverlap('10.10.0.128/25', '10.10.0.0/24', 'zone-a')],
      [zoneB, '10.10.0.0/16', InfrastructureMessages.poolOverlap('10.10.0.0/16', '10.10.0.0/24', 'zone-a')],
      [zoneA, 'fd00:10::100/120', InfrastructureMessages.poolOverlap('fd00:10::100/120', 'fd00:10::/64', 'zone-b')],
    ] as const;
    for (const [zone, cidr, message] of cases) {
      const res = await addPool(zone, cidr);
      expect(res.statusCode, cidr).toBe(409);
      expect(res.json()).toMatchObject({ message, errors: { cidr: [message] } });
    }
    // The exact text, once, as an administrator reads it.
    expect(cases[0][2]).toBe('10.10.0.128/25 overlaps pool 10.10.0.0/24 of IPAM zone zone-a');
    // Adjacent networks do not overlap.
    await expectCall(admin, 'POST', poolsUrl(zoneB), 201, { cidr: '10.10.1.0/24' });
    const refused = (await auditEvents(t.database.db, 'infrastructure.pool.add')).filter((e) => e.outcome === 'refused');
    expect(refused.map((e) => e.reason)).toEqual(['pool_overlap', 'pool_overlap', 'pool_overlap']);
  });

  it('refuses overlapping pools added at the same time: one goes in, the other is told which it overlaps', async () => {
    const [first, second] = await Promise.all([addPool(zoneA, '10.20.0.0/24'), addPool(zoneB, '10.20.0.0/23')]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const loser = first!.statusCode === 409 ? first! : second!;
    expect(loser.json().message).toMatch(/^10\.20\.0\.0\/2[34] overlaps pool 10\.20\.0\.0\/2[34] of IPAM zone zone-[ab]$/);
  });

  it('answers 400 naming the network address of a CIDR with host bits set, and for prefixes out of bounds', async () => {
    const hostBits = await addPool(zoneA, '10.30.0.1/24');
    expect(hostBits.statusCode).toBe(400);
    expect(hostBits.json().errors).toEqual({ cidr: ['10.30.0.1/24 has host bits set: the network address is 10.30.0.0/24'] });
    const v6HostBits = await addPool(zoneA, 'fd00:30::1/64');
    expect(v6HostBits.json().errors).toEqual({ cidr: [InfrastructureMessages.cidrHostBits('fd00:30::1/64', 'fd00:30::/64')] });
    expect((await addPool(zoneA, '10.0.0.0/31')).json().errors).toEqual({ cidr: ['An IPv4 pool is between /8 and /30'] });
    expect((await addPool(zoneA, 'fd00:40::/56')).json().errors).toEqual({ cidr: ['An IPv6 pool is between /64 and /126'] });
    expect((await addPool(zoneA, 'not a network')).json().errors).toEqual({ cidr: [InfrastructureMessages.cidrInvalid] });
    await expectCall(admin, 'POST', poolsUrl(crypto.randomUUID()), 404, { cidr: '10.40.0.0/24' });
  });

  it('counts allocations per pool and zone, lists them, and keeps a pool with allocations', async () => {
    const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    const { serviceId } = await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Cloud HSMs' });
    const topo = await seedTopology(admin, 'alloc', { cidr: '10.50.0.0/30' });
    const zone = ipamZoneResponse.parse(await expectCall(admin, 'GET', zoneUrl(topo.zone.id), 200)).data;
    expect(zone).toMatchObject({ size: '2', allocated: 0, utilisation_percent: 0 });

    const hsm = { accountId: acme.accountId, serviceId, blueprintId: topo.blueprint.id, zoneId: topo.zone.id };
    const first = await insertCloudHsm(t.database.db, { ...hsm, name: 'hsm-1', address: { poolId: topo.pool.id, address: '10.50.0.1' } });
    await insertCloudHsm(t.database.db, { ...hsm, name: 'hsm-2', address: { poolId: topo.pool.id, address: '10.50.0.2' } });
    const full = ipamZoneResponse.parse(await expectCall(admin, 'GET', zoneUrl(topo.zone.id), 200)).data;
    expect(full).toMatchObject({ size: '2', allocated: 2, utilisation_percent: 100 });
    expect(full.pools[0]).toMatchObject({ cidr: '10.50.0.0/30', allocated: 2, utilisation_percent: 100 });
    const listed = ipamZonesPage.parse(await expectCall(admin, 'GET', `${ApiPath.ipamZones}?search=alloc`, 200)).data;
    expect(listed.map((z) => [z.name, z.allocated, z.utilisation_percent])).toEqual([['Zone alloc', 2, 100]]);

    const allocations = apiPath(ApiPath.ipamAllocations, { zone_id: topo.zone.id });
    const page = ipamAllocationsPage.parse(await expectCall(admin, 'GET', `${allocations}?page_size=1`, 200));
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      expect.objectContaining({ address: '10.50.0.1', pool_cidr: '10.50.0.0/30', account_name: 'Company acme', cloud_hsm_id: first, cloud_hsm_name: 'hsm-1' }),
    ]);
    const second = ipamAllocationsPage.parse(await expectCall(admin, 'GET', `${allocations}?page_size=1&page=2`, 200));
    expect(second.data.map((a) => a.address)).toEqual(['10.50.0.2']);
    expect(ipamAllocationsPage.parse(await expectCall(admin, 'GET', `${allocations}?search=hsm-2`, 200)).total).toBe(1);

    const removal = await admin.call({ method: 'DELETE', url: poolUrl(topo.zone.id, topo.pool.id) });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(InfrastructureMessages.poolHasAllocations('10.50.0.0/30', 2));
    const zoneRemoval = await admin.call({ method: 'DELETE', url: zoneUrl(topo.zone.id) });
    expect(zoneRemoval.statusCode).toBe(409);
    expect(zoneRemoval.json().message).toBe(InfrastructureMessages.zoneInUse('Zone alloc', 1, 1, 2));
    expect(await auditEvents(t.database.db, 'infrastructure.pool.remove')).toEqual([
      expect.objectContaining({ outcome: 'refused', reason: 'pool_has_allocations', target: topo.pool.id, target_name: '10.50.0.0/30' }),
    ]);
  });

  it('removes a pool without allocations', async () => {
    const pool = ipamPoolResponse.parse(await expectCall(admin, 'POST', poolsUrl(zoneA), 201, { cidr: '10.60.0.0/24' })).data;
    await expectCall(admin, 'DELETE', poolUrl(zoneB, pool.id), 404);
    await expectCall(admin, 'DELETE', poolUrl(zoneA, pool.id), 200);
    const zone = ipamZoneResponse.parse(await expectCall(admin, 'GET', zoneUrl(zoneA), 200)).data;
    expect(zone.pools.map((p) => p.cidr)).not.toContain('10.60.0.0/24');
    expect(await auditEvents(t.database.db, 'infrastructure.pool.remove')).toContainEqual(
      expect.objectContaining({ outcome: 'success', target: pool.id, target_name: '10.60.0.0/24' }),
    );
  });
});
