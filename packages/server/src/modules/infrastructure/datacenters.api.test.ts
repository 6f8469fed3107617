import { ApiPath, apiPath } from '@keydeck/contract/http';
import { datacenterResponse, datacentersPage, globalServerResponse, globalServersPage } from '@keydeck/contract/datacenters';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { auditEvents, expectCall } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;

beforeAll(async () => ({ t, admin } = await startWithPlatformAdmin()));
afterAll(() => t.close());

const datacenterUrl = (id: string) => apiPath(ApiPath.datacenter, { datacenter_id: id });
const serverUrl = (id: string) => apiPath(ApiPath.globalServer, { server_id: id });

describe('datacenters', () => {
  it('creates, lists, edits and deletes datacenters, auditing each change', async () => {
    const fra = datacenterResponse.parse(await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: 'Frankfurt 1', code: 'fra1', location: 'Frankfurt, Germany' })).data;
    await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: 'Ashburn 2', code: 'iad2', location: 'Ashburn, USA' });
    expect(fra).toMatchObject({ name: 'Frankfurt 1', code: 'fra1', servers: 0, zones: 0 });

    const page = datacentersPage.parse(await expectCall(admin, 'GET', `${ApiPath.datacenters}?order_by=code&order=desc`, 200));
    expect(page.data.map((d) => d.code)).toEqual(['iad2', 'fra1']);
    expect(page.total).toBe(2);
    const found = datacentersPage.parse(await expectCall(admin, 'GET', `${ApiPath.datacenters}?search=germany`, 200));
    expect(found.data.map((d) => d.code)).toEqual(['fra1']);

    const edited = datacenterResponse.parse(await expectCall(admin, 'PUT', datacenterUrl(fra.id), 200, { name: 'Frankfurt One', code: 'fra1', location: 'Frankfurt am Main' })).data;
    expect(edited).toMatchObject({ id: fra.id, name: 'Frankfurt One', location: 'Frankfurt am Main' });
    expect((await expectCall(admin, 'GET', datacenterUrl(fra.id), 200)).data.name).toBe('Frankfurt One');

    await expectCall(admin, 'DELETE', datacenterUrl(fra.id), 200);
    await expectCall(admin, 'GET', datacenterUrl(fra.id), 404);

    expect(await auditEvents(t.database.db, 'infrastructure.datacenter.create')).toEqual([
      expect.objectContaining({ outcome: 'success', target: fra.id, target_name: 'Frankfurt 1' }),
      expect.objectContaining({ outcome: 'success', target_name: 'Ashburn 2' }),
    ]);
    expect(await auditEvents(t.database.db, 'infrastructure.datacenter.update')).toEqual([expect.objectContaining({ outcome: 'success', target: fra.id, target_name: 'Frankfurt One' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.datacenter.delete')).toEqual([expect.objectContaining({ outcome: 'success', target: fra.id, target_name: 'Frankfurt One' })]);
  });

  it('refuses a taken name or code (case-insensitively) and bad input with field errors', async () => {
    const nameTaken = await admin.call({ method: 'POST', url: ApiPath.datacenters, payload: { name: 'ASHBURN 2', code: 'iad9', location: 'x' } });
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json()).toMatchObject({ message: InfrastructureMessages.nameTaken('datacenter', 'ASHBURN 2'), errors: { name: [InfrastructureMessages.nameTaken('datacenter', 'ASHBURN 2')] } });
    const codeTaken = await admin.call({ method: 'POST', url: ApiPath.datacenters, payload: { name: 'Ashburn 3', code: 'iad2', location: 'x' } });
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().message).toBe(InfrastructureMessages.codeTaken('iad2'));

    const bad = await admin.call({ method: 'POST', url: ApiPath.datacenters, payload: { name: ' ', code: 'Bad Code', location: '' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'location', 'name']);
    expect(await auditEvents(t.database.db, 'infrastructure.datacenter.create')).toContainEqual(expect.objectContaining({ outcome: 'refused', reason: 'name_taken' }));
  });
});

describe('global servers', () => {
  let iad: string;
  let lon: string;

  beforeAll(async () => {
    iad = datacentersPage.parse(await expectCall(admin, 'GET', `${ApiPath.datacenters}?search=iad2`, 200)).data[0]!.id;
    lon = (await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: 'London 1', code: 'lon1', location: 'London, UK' })).data.id;
  });

  it('creates, filters by datacenter, edits and deletes servers, auditing each change', async () => {
    const hsm = globalServerResponse.parse(
      await expectCall(admin, 'POST', ApiPath.globalServers, 201, { datacenter_id: iad, hostname: 'hsm-01.iad2.example.net', address: '10.2.0.11', role: 'provisioner' }),
    ).data;
    expect(hsm).toMatchObject({ datacenter_name: 'Ashburn 2', address: '10.2.0.11', role: 'provisioner', status: 'active' });
    const v6 = globalServerResponse.parse(
      await expectCall(admin, 'POST', ApiPath.globalServers, 201, { datacenter_id: lon, hostname: 'db-01.lon1.example.net', address: '2001:DB8::10', role: 'database', status: 'maintenance' }),
    ).data;
    expect(v6.address).toBe('2001:db8::10');

    const inIad = globalServersPage.parse(await expectCall(admin, 'GET', `${ApiPath.globalServers}?datacenter_id=${iad}`, 200));
    expect(inIad.data.map((s) => s.hostname)).toEqual(['hsm-01.iad2.example.net']);
    const bySearch = globalServersPage.parse(await expectCall(admin, 'GET', `${ApiPath.globalServers}?search=2001:db8`, 200));
    expect(bySearch.data.map((s) => s.id)).toEqual([v6.id]);
    expect((await expectCall(admin, 'GET', datacenterUrl(iad), 200)).data.servers).toBe(1);

    const moved = globalServerResponse.parse(
      await expectCall(admin, 'PUT', serverUrl(hsm.id), 200, { datacenter_id: lon, hostname: 'hsm-01.lon1.example.net', address: '10.3.0.11', role: 'provisioner', status: 'retired' }),
    ).data;
    expect(moved).toMatchObject({ datacenter_id: lon, hostname: 'hsm-01.lon1.example.net', address: '10.3.0.11', status: 'retired' });
    await expectCall(admin, 'DELETE', serverUrl(v6.id), 200);
    await expectCall(admin, 'DELETE', serverUrl(v6.id), 404);

    expect((await auditEvents(t.database.db, 'infrastructure.server.create')).map((e) => e.target_name)).toEqual(['hsm-01.iad2.example.net', 'db-01.lon1.example.net']);
    expect(await auditEvents(t.database.db, 'infrastructure.server.update')).toEqual([expect.objectContaining({ target: hsm.id, target_name: 'hsm-01.lon1.example.net' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.server.delete')).toEqual([
      expect.objectContaining({ outcome: 'success', target: v6.id, target_name: 'db-01.lon1.example.net' }),
      expect.objectContaining({ outcome: 'refused', target: v6.id }),
    ]);
  });

  it('refuses bad addresses, hostnames and roles, an unknown datacenter and a taken hostname', async () => {
    const server = { datacenter_id: lon, hostname: 'web-01.lon1.example.net', address: '10.3.0.20', role: 'web' };
    for (const [field, value] of [['address', '10.3.0.256'], ['address', '10.3.0.0/24'], ['hostname', 'web_01'], ['role', 'mainframe']] as const) {
      const res = await admin.call({ method: 'POST', url: ApiPath.globalServers, payload: { ...server, [field]: value } });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const unknown = await admin.call({ method: 'POST', url: ApiPath.globalServers, payload: { ...server, datacenter_id: crypto.randomUUID() } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ datacenter_id: [InfrastructureMessages.unknown('datacenter')] });
    const taken = await admin.call({ method: 'POST', url: ApiPath.globalServers, payload: { ...server, hostname: 'HSM-01.lon1.example.net' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(InfrastructureMessages.hostnameTaken('HSM-01.lon1.example.net'));
  });

  it('keeps a datacenter that still has servers or zones, saying so', async () => {
    const res = await admin.call({ method: 'DELETE', url: datacenterUrl(lon) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(InfrastructureMessages.datacenterInUse('London 1', 1, 0));
    await expectCall(admin, 'POST', ApiPath.ipamZones, 201, { name: 'iad2-a', datacenter_id: iad });
    const withZone = await admin.call({ method: 'DELETE', url: datacenterUrl(iad) });
    expect(withZone.statusCode).toBe(409);
    expect(withZone.json().message).toBe(InfrastructureMessages.datacenterInUse('Ashburn 2', 0, 1));
    expect(await auditEvents(t.database.db, 'infrastructure.datacenter.delete')).toContainEqual(expect.objectContaining({ outcome: 'refused', reason: 'datacenter_in_use', target_name: 'London 1' }));
  });
});
