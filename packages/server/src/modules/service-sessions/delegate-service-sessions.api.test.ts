import { credentialWithSecret, CredentialMessages, tokenResponse } from '@keydeck/contract/credentials';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { serviceLoginResponse, servicesPage } from '@keydeck/contract/services';
import { ErrorCode } from '@keydeck/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, ROLE, queryRows, seedAccount, seedService, signedInUser, type SeededAccount } from '../../../test/fixtures.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

/** A script's own service session (issue 31): an API credential logs in to its owner's service as the owner would. */
let t: TestApp;
let acme: SeededAccount;
let admin: Visitor;
let serviceId: string;

const loginPath = (id: string) => apiPath(ApiPath.serviceLogin, { service_id: id });

async function credential(owner = 'acme-admin') {
  const response = await admin.post(`/rest/api/v2/accounts/${acme.accountId}/credentials`, {
    name: `script-${Math.random().toString(36).slice(2, 8)}`,
    owner_user_id: acme.userIds[owner],
    permissions: ['services:read'],
    expires_at: new Date(Date.now() + 86400_000).toISOString(),
    allowed_cidrs: [],
  });
  expect(response.statusCode, response.body).toBe(201);
  const { client_id, client_secret } = credentialWithSecret.parse(response.json()).data;
  return { client_id, client_secret };
}

async function tokenFor(c: { client_id: string; client_secret: string }) {
  const response = await t.app.inject({ method: 'POST', url: '/rest/api/v2/oauth/token', payload: { grant_type: 'client_credentials', ...c } });
  expect(response.statusCode, response.body).toBe(200);
  return tokenResponse.parse(response.json()).access_token;
}

function bearer(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { payload?: object; remoteAddress?: string } = {}) {
  return t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-reader', roleNames: [ROLE.admin] },
    { username: 'acme-outsider', roleNames: [ROLE.admin] },
  ]);
  ({ serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    name: 'Terminals',
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'Viewers', permissions: { Device: 'View' } },
    ],
    members: [
      { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
      { userId: acme.userIds['acme-reader']!, group: 'Viewers' },
    ],
  }));
  admin = await signedInUser(t, 'acme-admin');
});
afterAll(() => t.close());

describe("a script's service session", () => {
  it("opens on its owner's service, reaches its data, outlives the token, is the credential's alone, and ends at logout", async () => {
    const script = await credential();
    const token = await tokenFor(script);
    // Selecting the current service, as the console does, is the credential's own choice.
    expect((await bearer(token, 'PUT', ApiPath.services, { payload: { service_id: serviceId } })).statusCode).toBe(200);
    expect(servicesPage.parse((await bearer(token, 'GET', ApiPath.services)).json()).current_service_id).toBe(serviceId);
    const before = await bearer(token, 'GET', ApiPath.devices);
    expect([before.statusCode, before.json().error]).toEqual([403, ErrorCode.serviceSessionRequired]);

    const opened = await bearer(token, 'POST', loginPath(serviceId));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(serviceLoginResponse.parse(opened.json()).service_session.token).toBeUndefined();
    expect((await bearer(token, 'POST', ApiPath.deviceGroups, { payload: { groups: [{ group_name: 'Scripted' }] } })).statusCode).toBe(201);
    expect((await bearer(token, 'GET', ApiPath.devices)).statusCode).toBe(200);

    // A new token of the same credential (they last ten minutes) finds the session and the current service.
    const next = await tokenFor(script);
    expect((await bearer(next, 'GET', ApiPath.devices)).statusCode).toBe(200);
    expect(serviceLoginResponse.parse((await bearer(next, 'GET', loginPath(serviceId))).json()).service_session.service_id).toBe(serviceId);
    // Another credential of the same owner has none, and neither has the owner's console session.
    const siblingCredential = await credential();
    const sibling = await tokenFor(siblingCredential);
    expect((await bearer(sibling, 'PUT', ApiPath.services, { payload: { service_id: serviceId } })).statusCode).toBe(200);
    expect((await bearer(sibling, 'GET', ApiPath.devices)).json().error).toBe(ErrorCode.serviceSessionRequired);
    expect((await admin.get(ApiPath.devices)).statusCode).toBe(403);

    // Revoking a credential ends its sessions and forgets its current service.
    expect((await bearer(sibling, 'POST', loginPath(serviceId))).statusCode).toBe(200);
    const { client_id } = siblingCredential;
    expect((await admin.post(`/rest/api/v2/accounts/${acme.accountId}/credentials/${client_id}/revoke`, {})).statusCode).toBe(200);
    const key = `credential:${client_id}`;
    const left = await queryRows(t.database.db, sql`select 1 from service_sessions where delegate_key = ${key} union all select 1 from delegate_current_services where delegate_key = ${key}`);
    expect(left).toEqual([]);

    expect((await bearer(next, 'DELETE', loginPath(serviceId))).statusCode).toBe(200);
    expect((await bearer(next, 'GET', ApiPath.devices)).json().error).toBe(ErrorCode.serviceSessionRequired);
    expect((await bearer(next, 'GET', loginPath(serviceId))).json()).toEqual({ service_session: null });

    const events = await queryRows<{ action: string; actor: string }>(
      t.database.db,
      sql`select action, actor_username as actor from audit_events where action in ('service.select', 'service.login', 'service.logout', 'device_group.create') and actor_username like 'credential:%' order by id`,
    );
    expect(events.map((e) => e.action)).toEqual(['service.select', 'service.login', 'device_group.create', 'service.select', 'service.login', 'service.logout']);
    expect(events.every((e) => e.actor.endsWith('(owner acme-admin)'))).toBe(true);
  });

  it('is refused when the owner is not a service user, and keeps to the group of the owner', async () => {
    const outsider = await tokenFor(await credential('acme-outsider'));
    const refused = await bearer(outsider, 'POST', loginPath(serviceId));
    expect([refused.statusCode, refused.json().message]).toEqual([403, Messages.notAServiceUser]);

    const reader = await tokenFor(await credential('acme-reader'));
    expect((await bearer(reader, 'POST', loginPath(serviceId))).statusCode).toBe(200);
    const path = `${ApiPath.devices}`;
    // The path names no service: the credential's current service is none yet.
    expect((await bearer(reader, 'GET', path)).json().error).toBe(ErrorCode.serviceSessionRequired);
    await bearer(reader, 'PUT', ApiPath.services, { payload: { service_id: serviceId } });
    expect((await bearer(reader, 'GET', path)).statusCode).toBe(200);
    const write = await bearer(reader, 'POST', ApiPath.deviceGroups, { payload: { groups: [{ group_name: 'Not mine' }] } });
    expect([write.statusCode, write.json().message]).toEqual([403, Messages.servicePermissionDenied('Device', 'Modify')]);
  });

  it("holds the service's allowed addresses at login and on each call", async () => {
    const token = await tokenFor(await credential());
    await bearer(token, 'PUT', ApiPath.services, { payload: { service_id: serviceId } });
    await queryRows(t.database.db, sql`insert into service_allowed_addresses (account_id, service_id, ip_address) values (${acme.accountId}, ${serviceId}, '10.9.0.0/16')`);
    try {
      const outside = await bearer(token, 'POST', loginPath(serviceId));
      expect([outside.statusCode, outside.json().message]).toEqual([403, Messages.serviceAddressRefused('127.0.0.1')]);
      expect((await bearer(token, 'POST', loginPath(serviceId), { remoteAddress: '10.9.1.1' })).statusCode).toBe(200);
      expect((await bearer(token, 'GET', ApiPath.devices, { remoteAddress: '10.9.1.1' })).statusCode).toBe(200);
      const elsewhere = await bearer(token, 'GET', ApiPath.devices, { remoteAddress: '192.0.2.7' });
      expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([403, Messages.serviceAddressRefused('192.0.2.7')]);
    } finally {
      await queryRows(t.database.db, sql`delete from service_allowed_addresses where service_id = ${serviceId}`);
    }
  });

  it('is refused on a service that takes JWT service tokens', async () => {
    const jwt = await seedService(t.database.db, acme.accountId, { name: 'Token HSM', useJwt: true, members: [{ userId: acme.userIds['acme-admin']! }] });
    const token = await tokenFor(await credential());
    const refused = await bearer(token, 'POST', loginPath(jwt.serviceId));
    expect([refused.statusCode, refused.json().message]).toEqual([409, CredentialMessages.noJwtServiceSession]);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_sessions where service_id = ${jwt.serviceId}`);
    expect(row!.n).toBe(0);
  });
});
