import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { componentKcvResponse } from '@keydeck/contract/payment-keys';
import { searchResponse, type SearchResult } from '@keydeck/contract/search';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, ROLE, queryRows, seedAccount, seedService, signedInUser } from '../../../test/fixtures.ts';
import { ADMIN, type TestApp, Visitor, createTestApp } from '../../../test/test-app.ts';

// ANSI X9.24-1's test BDK: its KCV is the published 08D7B4, the payment operator's everyday question.
const TEST_BDK = '0123456789ABCDEFFEDCBA9876543210';
const KCV = '08D7B4';

let t: TestApp;
let operator: Visitor;
let devicesOnly: Visitor;
let noServices: Visitor;
let outsider: Visitor;
let platform: Visitor;
let ids: { east: string; west: string; globex: string };

const search = async (visitor: Visitor, q: string, from?: string) => {
  const res = await visitor.call({ method: 'GET', url: `${ApiPath.search}?q=${encodeURIComponent(q)}`, ...(from ? { remoteAddress: from } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return searchResponse.parse(res.json()).results;
};
const brief = (results: SearchResult[]) => results.map((r) => [r.kind, r.label, r.service_name]);

/** inService makes a service current and opens a session on it, for seeding through the API. */
async function inService(visitor: Visitor, serviceId: string) {
  expect((await visitor.call({ method: 'PUT', url: ApiPath.services, payload: { service_id: serviceId } })).statusCode).toBe(200);
  expect((await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);
}

/** The test BDK imported from two components (the second the XOR rest), into the visitor's current service. */
async function importBdk(visitor: Visitor, name: string) {
  const first = randomBytes(16);
  const second = Buffer.from(TEST_BDK, 'hex').map((byte, i) => byte ^ first[i]!);
  const components = [];
  for (const part of [first, Buffer.from(second)]) {
    const value = part.toString('hex').toUpperCase();
    const kcv = componentKcvResponse.parse((await visitor.post(ApiPath.componentKcv, { algorithm: 'TDES_2KEY', value })).json()).kcv;
    components.push({ value, kcv });
  }
  expect((await visitor.post(ApiPath.keyGroups, { groups: [{ name: 'BDKs' }] })).statusCode).toBe(201);
  // One-screen component entry is not split knowledge: the service's policy must allow it (off by default).
  const policy = { opener_may_be_custodian: false, single_operator_entry: true };
  expect((await visitor.call({ method: 'PUT', url: ApiPath.keyCustodians, payload: { user_ids: [], policy } })).statusCode).toBe(200);
  const res = await visitor.post(ApiPath.symmetricKeys, {
    symmetric_keys: [{ source: 'components', name, group: 'BDKs', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N', components }],
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().results[0].key.kcv).toBe(KCV);
}

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-operator', roleNames: [ROLE.admin] },
    { username: 'acme-devices', roleNames: [ROLE.readOnly] },
    { username: 'acme-bystander', roleNames: [ROLE.readOnly] },
  ]);
  const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  const u = acme.userIds;
  const groups = [
    { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
    { name: 'Device operators', permissions: { Device: 'Modify' as const } },
  ];
  const east = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    name: 'Payments East',
    groups,
    members: [{ userId: u['acme-operator']! }, { userId: u['acme-devices']!, group: 'Device operators' }],
  });
  const west = await seedService(t.database.db, acme.accountId, { type: 'rkms', name: 'Payments West', members: [{ userId: u['acme-operator']! }] });
  const other = await seedService(t.database.db, globex.accountId, { type: 'rkms', name: 'Globex keys', members: [{ userId: globex.userIds['globex-admin']! }] });
  ids = { east: east.serviceId, west: west.serviceId, globex: other.serviceId };

  operator = await signedInUser(t, 'acme-operator');
  await inService(operator, ids.west);
  await importBdk(operator, 'West lane BDK');
  await inService(operator, ids.east);
  await importBdk(operator, 'East lane BDK');
  expect((await operator.post(ApiPath.deviceGroups, { groups: [{ group_name: 'Lanes' }] })).statusCode).toBe(201);
  expect((await operator.post(ApiPath.devices, { devices: [{ serial: 'LANE-0001', group: 'Lanes' }, { serial: 'LANE-0002', group: 'Lanes' }] })).statusCode).toBe(201);
  outsider = await signedInUser(t, 'globex-admin');
  await inService(outsider, ids.globex);
  await importBdk(outsider, 'Globex BDK');

  devicesOnly = await signedInUser(t, 'acme-devices');
  noServices = await signedInUser(t, 'acme-bystander');
  platform = new Visitor(t.app);
  expect((await platform.signIn(ADMIN.username, ADMIN.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('global search', () => {
  it('finds a key by its KCV in every service of the caller that holds it, with the service named, never another account\u2019s', async () => {
    const found = (await search(operator, KCV.toLowerCase())).filter((r) => r.kind === 'key');
    expect(brief(found)).toEqual([
      ['key', 'East lane BDK', 'Payments East'],
      ['key', 'West lane BDK', 'Payments West'],
    ]);
    expect(found.map((r) => r.detail)).toEqual([`KCV ${KCV}`, `KCV ${KCV}`]);
    expect(found.map((r) => r.service_id)).toEqual([ids.east, ids.west]);
    // The same key material in Globex: each account finds only its own.
    expect(brief((await search(outsider, KCV)).filter((r) => r.kind === 'key'))).toEqual([['key', 'Globex BDK', 'Globex keys']]);
  });

  it('finds a key by a name prefix without a service session, a device by serial prefix, a user by e-mail', async () => {
    const fresh = await signedInUser(t, 'acme-operator');
    expect(brief(await search(fresh, 'west lane'))).toEqual([['key', 'West lane BDK', 'Payments West']]);
    expect(brief(await search(fresh, 'LANE-000'))).toEqual([
      ['device', 'LANE-0001', 'Payments East'],
      ['device', 'LANE-0002', 'Payments East'],
    ]);
    const users = await search(fresh, 'acme-devices@example');
    expect(users.map((r) => [r.kind, r.label, r.detail])).toEqual([['user', 'acme-devices (acme-devices)', 'acme-devices@example.test']]);
  });

  it('searches service data only where the caller\u2019s group holds its category, and none for a user of no service', async () => {
    expect(brief(await search(devicesOnly, KCV))).toEqual([]);
    expect(brief(await search(devicesOnly, 'LANE-0001'))).toEqual([['device', 'LANE-0001', 'Payments East']]);
    expect((await search(noServices, KCV)).filter((r) => r.service_id !== null)).toEqual([]);
    expect(await search(noServices, 'LANE')).toEqual([]);
  });

  it('leaves out a service whose allowed addresses do not admit the caller', async () => {
    await queryRows(t.database.db, sql`insert into service_allowed_addresses (account_id, service_id, ip_address)
      select account_id, id, '203.0.113.0/24' from services where id = ${ids.west}`);
    expect(brief((await search(operator, KCV)).filter((r) => r.kind === 'key'))).toEqual([['key', 'East lane BDK', 'Payments East']]);
    expect(brief((await search(operator, KCV, '203.0.113.9')).filter((r) => r.kind === 'key'))).toHaveLength(2);
    await queryRows(t.database.db, sql`delete from service_allowed_addresses where service_id = ${ids.west}`);
  });

  it('finds accounts by name or slug for platform administrators only, and their search stays in their own services', async () => {
    expect(brief(await search(platform, 'globe'))).toEqual([['account', 'Company globex', null]]);
    expect((await search(platform, KCV)).filter((r) => r.kind === 'key')).toEqual([]);
    expect((await search(operator, 'globe')).filter((r) => r.kind === 'account')).toEqual([]);
  });

  it('refuses a query too short to search, and a caller not signed in', async () => {
    const res = await operator.get(`${ApiPath.search}?q=a`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(Messages.searchTooShort(2));
    expect((await new Visitor(t.app).get(`${ApiPath.search}?q=${KCV}`)).statusCode).toBe(401);
  });
});
