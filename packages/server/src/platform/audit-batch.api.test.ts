import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A batch call answers 200 with a result per object; its audit event must still say how it ended (all, some or
 * none done) and name the objects asked for (issue 27).
 */
let t: TestApp;
let admin: Visitor;

type Event = { target: string | null; outcome: string; reason: string | null };
const lastEvent = async (action: string) =>
  (await queryRows<Event>(t.database.db, sql`select target, outcome, reason from audit_events where action = ${action} order by id desc limit 1`))[0]!;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => admin.call({ method, url, payload });

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  const userId = acme.userIds['acme-admin']!;
  const { serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    name: 'Payments Prod',
    groups: [{ name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS }],
    members: [{ userId, group: 'Administrators' }],
  });
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
  await queryRows(
    t.database.db,
    sql`update sessions set current_service_id = ${serviceId} where id_hash = (select id_hash from sessions where user_id = ${userId} order by created_at desc limit 1)`,
  );
  expect((await admin.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);
  expect((await send('POST', ApiPath.deviceGroups, { groups: [{ group_name: 'Terminals' }, { group_name: 'Spare' }] })).statusCode).toBe(201);
  const devices = ['T-1', 'T-2', 'T-3'].map((serial) => ({ serial, group: 'Terminals', device_model: null }));
  expect((await send('POST', ApiPath.devices, { devices })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('audit of batch calls', () => {
  it('records a device group delete refused for its devices as not done, naming the group', async () => {
    const res = await send('DELETE', ApiPath.deviceGroups, { devices: ['Terminals'], with_devices: 'refuse' });
    expect(res.statusCode).toBe(200);
    const event = await lastEvent('device_group.delete');
    expect(event.outcome).toBe('failure');
    expect(event.target).toBe('Payments Prod: Terminals');
    expect(event.reason).toContain('0 of 1 done');
    expect(event.reason).toContain(Messages.deviceGroupHoldsDevices('Terminals', 3));
  });

  it('records a batch that did some of its work as partial, naming every object asked for', async () => {
    const res = await send('PUT', ApiPath.devicesMove, { devices: ['T-1', 'T-2', 'GONE'], group: 'Spare' });
    expect(res.statusCode).toBe(200);
    const event = await lastEvent('device.move');
    expect(event.outcome).toBe('partial');
    expect(event.target).toMatch(/^Payments Prod: moved to Spare 3 devices \(T-1, T-2, GONE; sha256 [0-9a-f]{16}\)$/);
    expect(event.reason).toContain('2 of 3 done');
    expect(event.reason).toContain('GONE');
  });

  it('records a batch that did all of it as a success', async () => {
    expect((await send('DELETE', ApiPath.deviceGroups, { devices: ['Terminals'], with_devices: 'move', move_to: 'Spare' })).statusCode).toBe(200);
    const event = await lastEvent('device_group.delete');
    expect(event).toMatchObject({ outcome: 'success', target: 'Payments Prod: Terminals', reason: 'devices moved to Spare' });
  });

  it('bounds a long list of targets: the first few and how many more', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Group ${i + 1}`);
    expect((await send('DELETE', ApiPath.keyGroups, { groups: names })).statusCode).toBe(200);
    const event = await lastEvent('key_group.delete');
    expect(event.outcome).toBe('failure');
    expect(event.target).toBe('Payments Prod: Group 1, Group 2, Group 3 +9 more');
    expect(event.reason).toContain('0 of 12 done');
  });
});
