import { ApiPath, SESSION_COOKIE, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { serviceAddresses, type ServiceAddressEntry } from '@keydeck/contract/service-addresses';
import { SERVICE_FEATURE_NAMES, serviceFeaturesResponse } from '@keydeck/contract/service-features';
import { serviceLoginResponse } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

const LIST = ApiPath.serviceAllowedAddresses;
/** A cheap service data call any member may make: the caller's own group. */
const DATA = ApiPath.serviceUserGroupCurrent;
const OFFICE = '203.0.113.0/24';
const IN_OFFICE = '203.0.113.9';
const OUTSIDE = '198.51.100.77';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let operator: Visitor;
let viewer: Visitor;
let keysOnly: Visitor;
let outsider: Visitor;
let ids: { rkms: string; hsm: string; jwt: string; globex: string };
let jwtToken: string;

type Call = Omit<InjectOptions, 'method' | 'url'> & { from?: string; bearer?: string };
const call = (visitor: Visitor, method: 'GET' | 'PUT', url: string, options: Call = {}) => {
  const { from, bearer, ...rest } = options;
  return visitor.call({
    method,
    url,
    ...rest,
    ...(from ? { remoteAddress: from } : {}),
    ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
  });
};
const replace = (visitor: Visitor, addresses: (ServiceAddressEntry | object)[], options: Call & { confirm?: boolean } = {}) => {
  const { confirm, ...rest } = options;
  return call(visitor, 'PUT', LIST, { payload: { allowed_addresses: addresses, ...(confirm === undefined ? {} : { confirm }) }, ...rest });
};
const listOf = async (visitor: Visitor, options: Call = {}) => {
  const res = await call(visitor, 'GET', LIST, options);
  expect(res.statusCode, res.body).toBe(200);
  return serviceAddresses.parse(res.json());
};
const rangesOf = async (visitor: Visitor, options: Call = {}) => (await listOf(visitor, options)).allowed_addresses.map((a) => a.ip_address);

/** Signs in, points the console session at the service and opens a service session on it; the JWT if it has one. */
async function open(username: string, userId: string, serviceId: string, visitor = new Visitor(t.app)): Promise<{ visitor: Visitor; token?: string }> {
  if (!visitor.cookies.has(SESSION_COOKIE)) expect((await visitor.signIn(username, PASSWORD)).statusCode).toBe(200);
  await queryRows(t.database.db, sql`update sessions set current_service_id = ${serviceId} where user_id = ${userId}`);
  const res = await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }));
  expect(res.statusCode, res.body).toBe(200);
  return { visitor, token: serviceLoginResponse.parse(res.json()).service_session.token };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-operator', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
    { username: 'acme-keys', roleNames: [ROLE.readOnly] },
  ]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  const u = acme.userIds;
  const rkms = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    name: 'Terminal keys',
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'User viewers', permissions: { User: 'View', Device: 'Modify' } },
      { name: 'Key custodians', permissions: { Key: 'Modify' } },
    ],
    members: [
      { userId: u['acme-operator']!, group: 'Administrators' },
      { userId: u['acme-viewer']!, group: 'User viewers' },
      { userId: u['acme-keys']!, group: 'Key custodians' },
    ],
  });
  const hsm = await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Cloud HSM', members: [{ userId: u['acme-operator']! }] });
  const jwt = await seedService(t.database.db, acme.accountId, { type: 'cryptoverse', name: 'Token HSM', useJwt: true, members: [{ userId: u['acme-operator']! }] });
  const other = await seedService(t.database.db, globex.accountId, { type: 'rkms', name: 'Globex keys', members: [{ userId: globex.userIds['globex-admin']! }] });
  ids = { rkms: rkms.serviceId, hsm: hsm.serviceId, jwt: jwt.serviceId, globex: other.serviceId };

  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  // The operator's JWT session first: opening the plain one after points the console session at the plain service.
  const jwtSession = await open('acme-operator', u['acme-operator']!, ids.jwt);
  jwtToken = jwtSession.token!;
  operator = (await open('acme-operator', u['acme-operator']!, ids.rkms, jwtSession.visitor)).visitor;
  viewer = (await open('acme-viewer', u['acme-viewer']!, ids.rkms)).visitor;
  keysOnly = (await open('acme-keys', u['acme-keys']!, ids.rkms)).visitor;
  outsider = (await open('globex-admin', globex.userIds['globex-admin']!, ids.globex)).visitor;
});
afterAll(() => t?.close());

describe('service/allowed_addresses', () => {
  it('starts empty, with the caller’s own address', async () => {
    expect(await listOf(operator)).toEqual({ service_id: ids.rkms, current_ip: '127.0.0.1', max_addresses: 100, allowed_addresses: [] });
  });

  it('replaces the whole list in canonical form, IPv4 and IPv6, labels kept, and audits what changed', async () => {
    const res = await replace(operator, [
      { ip_address: '127.0.0.1', label: ' Loopback ' },
      { ip_address: OFFICE, label: 'Office' },
      { ip_address: '2001:DB8::/32' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const saved = serviceAddresses.parse(res.json()).allowed_addresses;
    // Ordered by address: IPv4 first.
    expect(saved.map((a) => [a.ip_address, a.label])).toEqual([
      ['127.0.0.1/32', 'Loopback'],
      [OFFICE, 'Office'],
      ['2001:db8::/32', null],
    ]);
    const loopback = saved.find((a) => a.ip_address === '127.0.0.1/32')!;

    // Replaced again: a kept entry keeps its id and date, a label changes, the IPv6 range goes.
    const again = await replace(operator, [{ ip_address: OFFICE, label: 'Head office' }, { ip_address: '127.0.0.1/32', label: 'Loopback' }]);
    expect(again.statusCode, again.body).toBe(200);
    const now = serviceAddresses.parse(again.json()).allowed_addresses;
    expect(now.find((a) => a.ip_address === '127.0.0.1/32')).toEqual(loopback);
    expect(now.find((a) => a.ip_address === OFFICE)?.label).toBe('Head office');
    expect(now).toHaveLength(2);

    const events = await queryRows<{ target: string; outcome: string }>(
      t.database.db,
      sql`select target, outcome from audit_events where action = 'service_address.replace' order by id`,
    );
    expect(events).toEqual([
      { outcome: 'success', target: `Terminal keys: +127.0.0.1/32 (Loopback), +${OFFICE} (Office), +2001:db8::/32` },
      { outcome: 'success', target: `Terminal keys: +${OFFICE} (Head office), -${OFFICE} (Office), -2001:db8::/32` },
    ]);
  });

  it('refuses what is not an address, a range with host bits set, duplicates, NUL, long labels and too many entries', async () => {
    const before = await rangesOf(operator);
    const refusal = async (addresses: object[]) => {
      const res = await replace(operator, addresses);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { errors: Record<string, string[]>; reason?: string };
    };
    expect(Object.keys((await refusal([{ ip_address: '127.0.0.1' }, { ip_address: 'not-an-address' }])).errors)).toEqual(['allowed_addresses.1.ip_address']);
    expect(Object.keys((await refusal([{ ip_address: '300.1.1.1/40' }])).errors)).toEqual(['allowed_addresses.0.ip_address']);
    expect((await refusal([{ ip_address: '203.0.113.5/24' }])).errors).toEqual({
      'allowed_addresses.0.ip_address': [Messages.serviceAddressHostBits('203.0.113.5/24', '203.0.113.0/24')],
    });
    expect((await refusal([{ ip_address: '2001:db8::1/32' }])).errors).toEqual({
      'allowed_addresses.0.ip_address': [Messages.serviceAddressHostBits('2001:db8::1/32', '2001:db8::/32')],
    });
    expect((await refusal([{ ip_address: '::ffff:127.0.0.1/120' }])).errors).toHaveProperty(['allowed_addresses.0.ip_address']);
    expect((await refusal([{ ip_address: '127.0.0.1' }, { ip_address: '127.0.0.1/32' }])).errors).toEqual({
      'allowed_addresses.1.ip_address': [Messages.serviceAddressDuplicate('127.0.0.1/32')],
    });
    expect((await refusal([{ ip_address: '127.0.0.1', label: 'bad\u0000label' }])).errors).toEqual({ 'allowed_addresses.0.label': [Messages.invalidText] });
    expect(Object.keys((await refusal([{ ip_address: '127.0.0.1', label: 'x'.repeat(101) }])).errors)).toEqual(['allowed_addresses.0.label']);
    const many = Array.from({ length: 101 }, (_, i) => ({ ip_address: `10.0.${Math.floor(i / 256)}.${i % 256}` }));
    expect(Object.keys((await refusal(many)).errors)).toEqual(['allowed_addresses']);
    expect((await replace(operator, [{ ip_address: '127.0.0.1' }], { payload: { allowed_addresses: 'everyone' } })).statusCode).toBe(400);
    expect(await rangesOf(operator)).toEqual(before);
  });

  it('refuses every service data call from outside the list, audited, and leaves the console and other services alone', async () => {
    expect((await call(operator, 'GET', DATA, { from: IN_OFFICE })).statusCode).toBe(200);
    const refused = await call(operator, 'GET', DATA, { from: OUTSIDE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.serviceAddressRefused(OUTSIDE));
    expect(refused.json().error).not.toBe('service_session_required');
    // A change from outside is refused too, before its input is looked at.
    expect((await replace(operator, [], { from: OUTSIDE })).statusCode).toBe(403);
    expect((await rangesOf(operator)).length).toBe(2);

    const events = await queryRows<{ action: string; outcome: string; account_id: string; actor_username: string }>(
      t.database.db,
      sql`select action, outcome, account_id, actor_username from audit_events where reason = 'service_address_refused' and client_address = ${OUTSIDE} order by id`,
    );
    expect(events).toEqual([
      { action: 'http.get', outcome: 'refused', account_id: acme.accountId, actor_username: 'acme-operator' },
      { action: 'service_address.replace', outcome: 'refused', account_id: acme.accountId, actor_username: 'acme-operator' },
    ]);

    // The console itself and the account's other services do not know this service's list.
    expect((await call(operator, 'GET', '/rest/api/v1/user/account', { from: OUTSIDE })).statusCode).toBe(200);
    const hsm = await open('acme-operator', acme.userIds['acme-operator']!, ids.hsm);
    expect((await call(hsm.visitor, 'GET', DATA, { from: OUTSIDE })).statusCode).toBe(200);
    await queryRows(t.database.db, sql`update sessions set current_service_id = ${ids.rkms} where user_id = ${acme.userIds['acme-operator']!}`);
  });

  it('refuses a service login from outside the list, audited, and lets one from inside in', async () => {
    const login = (from: string) => operator.call({ method: 'POST', url: apiPath(ApiPath.serviceLogin, { service_id: ids.rkms }), remoteAddress: from });
    const refused = await login(OUTSIDE);
    expect([refused.statusCode, refused.json().message]).toEqual([403, Messages.serviceAddressRefused(OUTSIDE)]);
    const events = await queryRows<{ action: string; outcome: string }>(
      t.database.db,
      sql`select action, outcome from audit_events where reason = 'service_address_refused' and action = 'service.login' and client_address = ${OUTSIDE}`,
    );
    expect(events).toEqual([{ action: 'service.login', outcome: 'refused' }]);
    expect((await login(IN_OFFICE)).statusCode).toBe(200);
  });

  it('checks bearer-token (JWT) calls as well', async () => {
    expect((await replace(operator, [{ ip_address: '127.0.0.0/8', label: 'Local' }], { bearer: jwtToken })).statusCode).toBe(200);
    expect(await rangesOf(operator, { bearer: jwtToken })).toEqual(['127.0.0.0/8']);
    for (const path of [DATA, ApiPath.jwtServiceUserGroupCurrent]) {
      expect((await call(operator, 'GET', path, { bearer: jwtToken, from: '127.0.0.2' })).statusCode).toBe(200);
      const refused = await call(operator, 'GET', path, { bearer: jwtToken, from: OUTSIDE });
      expect([refused.statusCode, refused.json().message]).toEqual([403, Messages.serviceAddressRefused(OUTSIDE)]);
    }
    // The plain service's own list is another one.
    expect(await rangesOf(operator)).toEqual(expect.arrayContaining(['127.0.0.1/32', OFFICE]));
    expect((await replace(operator, [], { bearer: jwtToken })).statusCode).toBe(200);
  });

  it('keeps the account’s IP allowlist in force on top of the service’s list', async () => {
    const setPolicy = (enforce: boolean) =>
      platform.call({ method: 'PUT', url: '/rest/api/v1/admin/accounts', payload: { accounts: [{ id: acme.accountId, enforce_ip: enforce }] } });
    expect((await platform.call({ method: 'POST', url: '/rest/api/v1/admin/ips', payload: { ip_address: '127.0.0.0/8', account_id: acme.accountId } })).statusCode).toBe(200);
    expect((await setPolicy(true)).statusCode).toBe(200);
    try {
      // The service allows the office, the account does not.
      const refused = await call(operator, 'GET', DATA, { from: IN_OFFICE });
      expect([refused.statusCode, refused.json().message]).toEqual([403, Messages.ipNotAllowed(IN_OFFICE)]);
      expect((await call(operator, 'GET', DATA)).statusCode).toBe(200);
    } finally {
      expect((await setPolicy(false)).statusCode).toBe(200);
    }
  });

  it('asks before a list that shuts out the operator making it, and goes through once confirmed', async () => {
    const before = await rangesOf(operator);
    const asked = await replace(operator, [{ ip_address: OFFICE, label: 'Head office' }]);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ error: 'confirmation_required', message: Messages.serviceAddressesExcludeYou('127.0.0.1') });
    expect(await rangesOf(operator)).toEqual(before);
    expect((await replace(operator, [{ ip_address: OFFICE }], { confirm: false })).statusCode).toBe(409);

    const confirmed = await replace(operator, [{ ip_address: OFFICE, label: 'Head office' }], { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(operator, 'GET', DATA)).statusCode).toBe(403);
    // From the office the operator opens it to everyone again: an empty list shuts nobody out, so nothing is asked.
    expect(await rangesOf(operator, { from: IN_OFFICE })).toEqual([OFFICE]);
    expect((await replace(operator, [], { from: IN_OFFICE })).statusCode).toBe(200);
    expect((await call(operator, 'GET', DATA)).statusCode).toBe(200);
    // A list the caller stays on needs no confirmation.
    expect((await replace(operator, [{ ip_address: '127.0.0.1' }, { ip_address: OFFICE, label: 'Office' }])).statusCode).toBe(200);
  });

  it('needs the User category: View to read, Modify to change', async () => {
    expect(await rangesOf(viewer)).toEqual(await rangesOf(operator));
    const viewOnly = await replace(viewer, []);
    expect([viewOnly.statusCode, viewOnly.json().message]).toEqual([403, Messages.servicePermissionDenied('User', 'Modify')]);
    const none = await call(keysOnly, 'GET', LIST);
    expect([none.statusCode, none.json().message]).toEqual([403, Messages.servicePermissionDenied('User', 'View')]);
    expect((await replace(keysOnly, [])).statusCode).toBe(403);
    expect((await rangesOf(operator)).length).toBe(2);
  });

  it('keeps each service’s list to its own account', async () => {
    expect(await rangesOf(outsider)).toEqual([]);
    expect((await replace(outsider, [{ ip_address: '192.0.2.0/24', label: 'Globex' }])).statusCode).toBe(409);
    expect((await replace(outsider, [{ ip_address: '127.0.0.1', label: 'Globex' }])).statusCode).toBe(200);
    expect(await rangesOf(outsider)).toEqual(['127.0.0.1/32']);
    const acmeList = await listOf(operator);
    expect(acmeList.allowed_addresses.map((a) => a.label)).not.toContain('Globex');
    // A console session cannot reach another account's service, nor its list.
    expect((await outsider.post(apiPath(ApiPath.serviceLogin, { service_id: ids.rkms }))).statusCode).toBeGreaterThanOrEqual(400);
    const rows = await queryRows<{ account_id: string; service_id: string }>(
      t.database.db,
      sql`select account_id, service_id from service_allowed_addresses where label = 'Globex'`,
    );
    expect(rows).toEqual([{ account_id: globex.accountId, service_id: ids.globex }]);
    expect((await replace(outsider, [])).statusCode).toBe(200);
  });
});

describe('service/features', () => {
  const features = async (visitor: Visitor, accountId: string) => {
    const res = await call(visitor, 'GET', `${ApiPath.serviceFeatures}?account_id=${accountId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = serviceFeaturesResponse.parse(res.json());
    expect(body.features.map((f) => f.feature_name)).toEqual(SERVICE_FEATURE_NAMES);
    return Object.fromEntries(body.features.map((f) => [f.feature_name, f.feature_value]));
  };

  it('answers what the service’s type offers, scheduled reports only with the account’s flag', async () => {
    expect(await features(operator, acme.accountId)).toEqual({
      symmetric_keys: true,
      key_assignments: true,
      remote_key_load: true,
      certificate_authorities: true,
      transfer_servers: true,
      scheduled_reports: false,
      allowed_addresses: true,
    });
    const flag = await platform.call({
      method: 'PUT',
      url: apiPath(ApiPath.accountFeature, { account_id: acme.accountId }),
      payload: { feature_name: 'scheduled_reports', feature_value: true },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    expect((await features(operator, acme.accountId)).scheduled_reports).toBe(true);
    // Any member of the service may ask, whatever their categories.
    expect(await features(keysOnly, acme.accountId)).toEqual(await features(operator, acme.accountId));

    const hsm = await open('acme-operator', acme.userIds['acme-operator']!, ids.hsm);
    expect(await features(hsm.visitor, acme.accountId)).toEqual({
      symmetric_keys: false,
      key_assignments: false,
      remote_key_load: false,
      certificate_authorities: false,
      transfer_servers: false,
      scheduled_reports: true,
      allowed_addresses: true,
    });
    await queryRows(t.database.db, sql`update sessions set current_service_id = ${ids.rkms} where user_id = ${acme.userIds['acme-operator']!}`);
    // The globex service: globex's flag is off.
    expect((await features(outsider, globex.accountId)).scheduled_reports).toBe(false);
  });

  it('refuses another account’s features, a missing account and a caller without a service session', async () => {
    const other = await call(operator, 'GET', `${ApiPath.serviceFeatures}?account_id=${globex.accountId}`);
    expect([other.statusCode, other.json().message]).toEqual([403, Messages.permissionDenied]);
    expect((await call(outsider, 'GET', `${ApiPath.serviceFeatures}?account_id=${acme.accountId}`)).statusCode).toBe(403);
    expect((await call(operator, 'GET', ApiPath.serviceFeatures)).statusCode).toBe(400);
    expect((await call(operator, 'GET', `${ApiPath.serviceFeatures}?account_id=not-a-uuid`)).statusCode).toBe(400);
    const noSession = await call(platform, 'GET', `${ApiPath.serviceFeatures}?account_id=${acme.accountId}`);
    expect([noSession.statusCode, noSession.json().error]).toEqual([403, 'service_session_required']);
  });
});
