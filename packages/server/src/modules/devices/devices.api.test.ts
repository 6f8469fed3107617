import {
  deviceBatchResponse,
  deviceGroupsDeleteResponse,
  deviceGroupsResponse,
  deviceHistoryResponse,
  deviceModelsResponse,
  devicesCreateResponse,
  devicesResponse,
} from '@keydeck/contract/devices';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let serviceId: string;
let otherServiceId: string;
let admin: Visitor;
let viewer: Visitor;
let outsider: Visitor;

const pointSessionAt = (userId: string, id: string) =>
  queryRows(
    t.database.db,
    sql`update sessions set current_service_id = ${id} where id_hash = (select id_hash from sessions where user_id = ${userId} order by created_at desc limit 1)`,
  );
async function openServiceSession(visitor: Visitor, username: string, userId: string, id: string) {
  await visitor.signIn(username, PASSWORD);
  await pointSessionAt(userId, id);
  expect((await visitor.post(apiPath(ApiPath.serviceLogin, { service_id: id }))).statusCode).toBe(200);
}
const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object, headers: Record<string, string> = {}) =>
  visitor.call({ method, url, payload, headers });
const list = async (visitor: Visitor, query = '') => devicesResponse.parse((await visitor.get(`${ApiPath.devices}${query}`)).json());
const serials = async (visitor: Visitor, query = '') => (await list(visitor, query)).data.map((d) => d.serial);
const batch = (res: { json(): unknown }) => deviceBatchResponse.parse(res.json());
const modelsPath = () => apiPath(ApiPath.deviceModels, { service_id: serviceId });

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  ({ serviceId } = await seedService(t.database.db, acme.accountId, {
    type: 'rkms',
    groups: [
      { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
      { name: 'Viewers', permissions: { Device: 'View' } },
    ],
    members: [
      { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
      { userId: acme.userIds['acme-viewer']!, group: 'Viewers' },
    ],
  }));
  ({ serviceId: otherServiceId } = await seedService(t.database.db, globex.accountId, {
    type: 'rkms',
    name: 'Globex terminals',
    members: [{ userId: globex.userIds['globex-admin']! }],
  }));
  admin = new Visitor(t.app);
  viewer = new Visitor(t.app);
  outsider = new Visitor(t.app);
  await openServiceSession(admin, 'acme-admin', acme.userIds['acme-admin']!, serviceId);
  await openServiceSession(viewer, 'acme-viewer', acme.userIds['acme-viewer']!, serviceId);
  await openServiceSession(outsider, 'globex-admin', globex.userIds['globex-admin']!, otherServiceId);
});
afterAll(() => t.close());

describe('device groups and models', () => {
  it('creates groups, refuses a repeated name on its field, and loads them in chunks (query_only: names alone)', async () => {
    const created = await send(admin, 'POST', ApiPath.deviceGroups, { groups: ['North', 'South', 'West', 'Spare'].map((group_name) => ({ group_name })) });
    expect(created.statusCode).toBe(201);
    const twice = await send(admin, 'POST', ApiPath.deviceGroups, { groups: [{ group_name: 'north' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'groups.0.group_name': [Messages.deviceGroupExists('north')] });

    const first = deviceGroupsResponse.parse((await admin.get(`${ApiPath.deviceGroups}?chunk=1&chunk_size=3`)).json());
    expect(first.data.map((g) => g.group_name)).toEqual(['North', 'South', 'Spare']);
    expect(first).toMatchObject({ total: 4, more: true });
    expect(first.data[0]).toMatchObject({ device_count: 0 });
    const second = deviceGroupsResponse.parse((await admin.get(`${ApiPath.deviceGroups}?chunk=2&chunk_size=3&query_only=true`)).json());
    expect(second).toEqual({ data: [{ group_name: 'West' }], total: 4, more: false });
    const searched = deviceGroupsResponse.parse((await admin.get(`${ApiPath.deviceGroups}?search=S&query_only=true`)).json());
    expect(searched.data.map((g) => g.group_name)).toEqual(['South', 'Spare', 'West']);
  });

  it('creates, renames (carried to every device) and deletes models, refusing one in use', async () => {
    expect((await send(admin, 'POST', modelsPath(), { device_model: 'PAX A920' })).statusCode).toBe(201);
    expect((await send(admin, 'POST', modelsPath(), { device_model: 'Verifone V200c' })).statusCode).toBe(201);
    const taken = await send(admin, 'POST', modelsPath(), { device_model: 'pax a920' });
    expect(taken.json().errors).toEqual({ device_model: [Messages.deviceModelExists('pax a920')] });
    expect(deviceModelsResponse.parse((await viewer.get(modelsPath())).json()).data.map((m) => m.name)).toEqual(['PAX A920', 'Verifone V200c']);
  });
});

describe('devices', () => {
  it('adds devices all or nothing, with each bad row named on its field', async () => {
    const bad = await send(admin, 'POST', ApiPath.devices, {
      devices: [
        { serial: 'T-0001', group: 'North' },
        { serial: 'T-0001', group: 'Nowhere' },
        { serial: 'T-0003', group: 'North', device_model: 'Unknown model' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'devices.1.serial': [Messages.deviceSerialRepeated('T-0001')],
      'devices.1.group': [Messages.deviceGroupUnknown('Nowhere')],
      'devices.2.device_model': [Messages.deviceModelUnknown('Unknown model')],
    });
    const tooLong = await send(admin, 'POST', ApiPath.devices, { devices: [{ serial: 'X'.repeat(65), group: 'North' }] });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toEqual(['devices.0.serial']);
    expect((await list(admin)).total).toBe(0);

    const devices = Array.from({ length: 30 }, (_, i) => ({
      serial: `T-${String(i + 1).padStart(4, '0')}`,
      group: i < 20 ? 'North' : 'South',
      device_model: i % 2 ? 'PAX A920' : null,
    }));
    const preview = devicesCreateResponse.parse((await send(admin, 'POST', ApiPath.devices, { devices, dry_run: true })).json());
    expect(preview).toEqual({ created: 0, problems: [] });
    expect((await list(admin)).total).toBe(0);
    const created = await send(admin, 'POST', ApiPath.devices, { devices });
    expect(created.statusCode).toBe(201);
    expect(devicesCreateResponse.parse(created.json()).created).toBe(30);

    const again = devicesCreateResponse.parse((await send(admin, 'POST', ApiPath.devices, { devices: devices.slice(0, 1), dry_run: true })).json());
    expect(again.problems).toEqual([{ row: 0, serial: 'T-0001', messages: [Messages.deviceSerialTaken('T-0001')] }]);
  });

  it('pages by serial by default, sorts, searches by a fragment and filters, combining by the operator', async () => {
    const page = await list(admin);
    expect(page.total).toBe(30);
    expect(page.total_capped).toBe(false);
    expect(page.data.map((d) => d.serial)).toEqual(Array.from({ length: 10 }, (_, i) => `T-${String(i + 1).padStart(4, '0')}`));
    expect(page.data[1]).toMatchObject({ group: 'North', device_model: 'PAX A920', archived: false, failed: false, last_load: null });
    expect(await serials(admin, '?page=3&page_size=10&order=desc')).toEqual(Array.from({ length: 10 }, (_, i) => `T-${String(10 - i).padStart(4, '0')}`));
    const fragment = await list(admin, '?search=002&page_size=20');
    expect(fragment.data.map((d) => d.serial)).toEqual(['T-0002', ...Array.from({ length: 10 }, (_, i) => `T-${String(20 + i)}`.replace('T-', 'T-00'))]);
    expect(fragment.total).toBe(11);
    expect((await list(admin, '?group=south')).total).toBe(10);
    expect((await list(admin, '?order_by=group&order=desc&page_size=1')).data[0]!.group).toBe('South');
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(admin, `?date_start=${today}&date_end=${today}`)).total).toBe(30);
    expect((await list(admin, '?date_start=2001-01-01&date_end=2001-12-31')).total).toBe(0);
    expect((await list(admin, '?group=South&date_start=2001-01-01&date_end=2001-12-31&operator=or')).total).toBe(10);
    const backwards = await admin.get(`${ApiPath.devices}?date_start=2026-02-01&date_end=2026-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ date_end: ['The end date is before the start date'] });
  });

  it('archives, locks, clears the load status and assigns models, answering each device in the spec words', async () => {
    const archived = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0001', 'T-9999'], change: 'archive' }));
    expect(archived.results).toEqual([
      { serial: 'T-0001', success: true, outcome: 'changed', message: 'Successfully archived device T-0001 with group North' },
      { serial: 'T-9999', success: false, outcome: 'failed', message: `Failed to changed archive status for device T-9999: ${Messages.deviceNotFound}` },
    ]);
    expect(archived).toMatchObject({ succeeded: 1, failed: 1 });
    expect(await serials(admin, '?archived=true')).toEqual(['T-0001']);
    const unarchived = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0001'], change: 'unarchive' }));
    expect(unarchived.results[0]!.message).toBe('Successfully unarchived device T-0001 with group North');

    expect(batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0002'], change: 'lock' })).results[0]!.message).toBe(Messages.deviceLockChanged('T-0002', true));
    expect((await list(admin, '?search=T-0002')).data[0]!.failed).toBe(true);
    const lockMissing = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['NOPE'], change: 'unlock' }));
    expect(lockMissing.results[0]!.message).toBe(`Failed to change lock status for device NOPE: ${Messages.deviceNotFound}`);
    const clearMissing = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['NOPE'], change: 'clear_load' }));
    expect(clearMissing.results[0]!.message).toBe(`Failed to change clear load status for device NOPE: ${Messages.deviceNotFound}`);

    const assigned = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0001', 'NOPE'], change: 'assign_model', device_model: 'verifone v200c' }));
    expect(assigned.results.map((r) => r.message)).toEqual([
      Messages.deviceModelAssigned('T-0001', 'Verifone V200c'),
      `Failed to assign device model to device NOPE: ${Messages.deviceNotFound}`,
    ]);
    const unknownModel = await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0001'], change: 'assign_model', device_model: 'Nope' });
    expect(unknownModel.json().errors).toEqual({ device_model: [Messages.deviceModelUnknown('Nope')] });

    // A renamed model is carried to its devices; a model in use cannot be deleted.
    expect((await send(admin, 'PUT', modelsPath(), { device_model: 'Verifone V400m', old_name: 'Verifone V200c' })).statusCode).toBe(200);
    expect((await list(admin, '?search=T-0001')).data[0]!.device_model).toBe('Verifone V400m');
    const inUse = await send(admin, 'DELETE', modelsPath(), { device_model: 'Verifone V400m' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(Messages.deviceModelInUse('Verifone V400m', 1));
  });

  it('moves a selection or every device matching a filter, resuming after next_after', async () => {
    const moved = batch(await send(admin, 'PUT', ApiPath.devicesMove, { devices: ['T-0021'], group: 'West' }));
    expect(moved.results).toEqual([{ serial: 'T-0021', success: true, outcome: 'changed', message: 'Moved T-0021 to group West' }]);
    const missing = batch(await send(admin, 'PUT', ApiPath.devicesMove, { devices: ['NOPE'], group: 'West' }));
    expect(missing.results[0]!.message).toBe('Failed to move: NOPE to group West');
    const unknownGroup = await send(admin, 'PUT', ApiPath.devicesMove, { devices: ['T-0021'], group: 'Atlantis' });
    expect(unknownGroup.json().errors).toEqual({ group: [Messages.deviceGroupUnknown('Atlantis')] });

    const all = batch(await send(admin, 'PUT', ApiPath.devicesMove, { filter: { group: 'South' }, group: 'Spare' }));
    expect(all).toMatchObject({ succeeded: 9, failed: 0, next_after: null, remaining: 0 });
    expect((await list(admin, '?group=Spare')).total).toBe(9);
    const both = await send(admin, 'PUT', ApiPath.devicesMove, { devices: ['T-0001'], filter: {}, group: 'Spare' });
    expect(both.statusCode).toBe(400);
  });

  it('applies a batch once however often it is sent with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'archive-spare-1' };
    const first = batch(await send(admin, 'PUT', ApiPath.devices, { filter: { group: 'Spare' }, change: 'archive' }, headers));
    expect(first.succeeded).toBe(9);
    await send(admin, 'PUT', ApiPath.devices, { devices: ['T-0022'], change: 'unarchive' });
    const retried = batch(await send(admin, 'PUT', ApiPath.devices, { filter: { group: 'Spare' }, change: 'archive' }, headers));
    expect(retried).toEqual(first);
    expect((await list(admin, '?search=T-0022')).data[0]!.archived).toBe(false);
    const reused = await send(admin, 'PUT', ApiPath.devices, { filter: { group: 'Spare' }, change: 'unarchive' }, headers);
    expect(reused.statusCode).toBe(409);
  });

  it('adds devices once however often the import is sent with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'import-lanes-1' };
    const body = { devices: [{ serial: 'IDEM-1', group: 'Spare' }, { serial: 'IDEM-2', group: 'Spare' }] };
    const first = await send(admin, 'POST', ApiPath.devices, body, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ created: 2, problems: [] });
    const retried = await send(admin, 'POST', ApiPath.devices, body, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ created: 2, problems: [] });
    expect(await serials(admin, '?search=IDEM-')).toEqual(['IDEM-1', 'IDEM-2']);
    // Without the key the same import is refused: the serials exist.
    expect((await send(admin, 'POST', ApiPath.devices, body)).statusCode).toBe(400);
    const reused = await send(admin, 'POST', ApiPath.devices, { devices: [{ serial: 'IDEM-3', group: 'Spare' }] }, headers);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(Messages.deviceIdempotencyReused);
    expect(await serials(admin, '?search=IDEM-')).toEqual(['IDEM-1', 'IDEM-2']);
  });

  it('says who changed a device and when, from the batch that changed it', async () => {
    const history = deviceHistoryResponse.parse((await viewer.get(`${ApiPath.deviceHistory}?serial=T-0022`)).json()).data;
    expect(history.map((h) => h.change)).toEqual(['unarchived', 'archived', 'moved to Spare', 'created']);
    expect(history.every((h) => h.actor === 'acme-admin')).toBe(true);
    expect(history[0]!.action).toBe('device.update');
    const [event] = await queryRows<{ target: string }>(
      t.database.db,
      sql`select target from audit_events where action = 'device.move' and request_id = ${history[2]!.request_id}`,
    );
    expect(event!.target).toMatch(/^Payments HSM: moved to Spare 9 devices \(T-0022, T-0023 … T-0030; sha256 [0-9a-f]{16}\)$/);
  });

  it('exports every matching device as CSV', async () => {
    const res = await admin.get(`${ApiPath.devices}?export=true&group=North`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('serial,group,device_model,archived,failed,last_load,created_at');
    expect(lines).toHaveLength(21);
    expect(lines[2]).toMatch(/^T-0002,North,PAX A920,false,true,,\d{4}-/);
  });

  it('deletes groups on their own: refuses one with devices unless they move or go with it', async () => {
    const refused = deviceGroupsDeleteResponse.parse((await send(admin, 'DELETE', ApiPath.deviceGroups, { devices: ['West', 'Nowhere'] })).json());
    expect(refused.results).toEqual([
      { name: 'West', success: false, message: `Unable to delete device group: ${Messages.deviceGroupHoldsDevices('West', 1)}` },
      { name: 'Nowhere', success: false, message: `Unable to delete device group: ${Messages.deviceGroupUnknown('Nowhere')}` },
    ]);
    const intoItself = await send(admin, 'DELETE', ApiPath.deviceGroups, { devices: ['West'], with_devices: 'move', move_to: 'west' });
    expect(intoItself.json().errors).toEqual({ move_to: [Messages.deviceGroupMoveTargetDeleted] });
    const moved = deviceGroupsDeleteResponse.parse(
      (await send(admin, 'DELETE', ApiPath.deviceGroups, { devices: ['West'], with_devices: 'move', move_to: 'North' })).json(),
    );
    expect(moved.results).toEqual([{ name: 'West', success: true, message: 'Successfully deleted device group: West' }]);
    expect((await list(admin, '?search=T-0021')).data[0]!.group).toBe('North');
    const withDevices = deviceGroupsDeleteResponse.parse(
      (await send(admin, 'DELETE', ApiPath.deviceGroups, { devices: ['Spare'], with_devices: 'delete' })).json(),
    );
    expect(withDevices.results[0]!.success).toBe(true);
    expect((await list(admin)).total).toBe(21);
  });

  it('deletes devices in a batch, each reported', async () => {
    const deleted = batch(await send(admin, 'DELETE', ApiPath.devices, { devices: ['T-0020', 'GONE'] }));
    expect(deleted.results).toEqual([
      { serial: 'T-0020', success: true, outcome: 'changed', message: 'Deleted: T-0020' },
      { serial: 'GONE', success: false, outcome: 'failed', message: `Failed deleting GONE: ${Messages.deviceNotFound}` },
    ]);
  });
});

describe('device access', () => {
  it('lets a Device viewer read but not change, and audits the refusal', async () => {
    expect((await list(viewer)).total).toBe(20);
    const refused = await send(viewer, 'PUT', ApiPath.devices, { devices: ['T-0001'], change: 'archive' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Messages.servicePermissionDenied('Device', 'Modify'));
    expect((await send(viewer, 'POST', modelsPath(), { device_model: 'X' })).statusCode).toBe(403);
  });

  it("keeps another account's operators away from the service's devices", async () => {
    expect((await list(outsider)).total).toBe(0);
    const archived = batch(await send(outsider, 'PUT', ApiPath.devices, { devices: ['T-0001'], change: 'archive' }));
    expect(archived.results[0]!.success).toBe(false);
    const allOfThem = batch(await send(outsider, 'DELETE', ApiPath.devices, { filter: {} }));
    expect(allOfThem.succeeded).toBe(0);
    expect((await outsider.get(apiPath(ApiPath.deviceModels, { service_id: serviceId }))).statusCode).toBe(403);
    expect((await list(admin)).total).toBe(20);
    expect((await list(admin, '?archived=true')).total).toBe(0);
  });

  it('refuses device calls without a service session', async () => {
    const stranger = new Visitor(t.app);
    expect((await stranger.get(ApiPath.devices)).statusCode).toBe(401);
  });
});

describe('batches that find devices already as asked (issue 27)', () => {
  it('reports "already" for each device left as it was, counts it apart, and records no change for it', async () => {
    expect((await send(admin, 'POST', ApiPath.deviceGroups, { groups: [{ group_name: 'Again' }] })).statusCode).toBe(201);
    const devices = ['U-1', 'U-2'].map((serial) => ({ serial, group: 'Again', device_model: 'PAX A920' }));
    expect((await send(admin, 'POST', ApiPath.devices, { devices })).statusCode).toBe(201);
    batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['U-1'], change: 'archive' }));

    const archived = batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['U-1', 'U-2', 'NOPE'], change: 'archive' }));
    expect(archived.results).toEqual([
      { serial: 'U-1', success: true, outcome: 'unchanged', message: 'Device U-1 is already archived: nothing changed' },
      { serial: 'U-2', success: true, outcome: 'changed', message: 'Successfully archived device U-2 with group Again' },
      { serial: 'NOPE', success: false, outcome: 'failed', message: `Failed to changed archive status for device NOPE: ${Messages.deviceNotFound}` },
    ]);
    expect(archived).toMatchObject({ succeeded: 2, unchanged: 1, failed: 1 });

    const again = async (change: string, extra: object = {}) =>
      batch(await send(admin, 'PUT', ApiPath.devices, { devices: ['U-1'], change, ...extra })).results[0];
    expect(await again('unlock')).toMatchObject({ outcome: 'unchanged', message: Messages.deviceAlreadyLocked('U-1', false) });
    expect(await again('clear_load')).toMatchObject({ outcome: 'unchanged', message: Messages.deviceLoadAlreadyClear('U-1') });
    expect(await again('assign_model', { device_model: 'pax a920' })).toMatchObject({
      outcome: 'unchanged',
      message: Messages.deviceModelAlreadyAssigned('U-1', 'PAX A920'),
    });
    const moved = batch(await send(admin, 'PUT', ApiPath.devicesMove, { filter: { group: 'Again' }, group: 'again' }));
    expect(moved.results.map((r) => [r.outcome, r.message])).toEqual([
      ['unchanged', Messages.deviceAlreadyInGroup('U-1', 'Again')],
      ['unchanged', Messages.deviceAlreadyInGroup('U-2', 'Again')],
    ]);
    expect(moved).toMatchObject({ succeeded: 2, unchanged: 2, failed: 0 });

    // Only the first archive changed U-1: the device's history says so once.
    const history = deviceHistoryResponse.parse((await viewer.get(`${ApiPath.deviceHistory}?serial=U-1`)).json()).data;
    expect(history.map((h) => h.change)).toEqual(['archived', 'created']);
  });
});

describe('renaming a device group (issue 27)', () => {
  const events = (action: string) =>
    queryRows<{ target: string | null; outcome: string }>(t.database.db, sql`select target, outcome from audit_events where action = ${action} order by id`);

  it('renames a group, validated as a new one, its devices following, and audits each try', async () => {
    const renamed = await send(admin, 'PUT', ApiPath.deviceGroups, { old_name: 'again', group_name: 'Again 2' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ group_name: 'Again 2', device_count: 2 });
    expect(await serials(admin, '?group=Again%202')).toEqual(['U-1', 'U-2']);

    const taken = await send(admin, 'PUT', ApiPath.deviceGroups, { old_name: 'Again 2', group_name: 'north' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ group_name: [Messages.deviceGroupExists('north')] });
    const unknown = await send(admin, 'PUT', ApiPath.deviceGroups, { old_name: 'Atlantis', group_name: 'Pacific' });
    expect(unknown.json().errors).toEqual({ old_name: [Messages.deviceGroupUnknown('Atlantis')] });
    const hidden = await send(admin, 'PUT', ApiPath.deviceGroups, { old_name: 'Again 2', group_name: 'Again\u200b 3' });
    expect(hidden.statusCode).toBe(400);
    expect(Object.keys(hidden.json().errors)).toEqual(['group_name']);
    // A new case of the same name is a rename too.
    expect((await send(admin, 'PUT', ApiPath.deviceGroups, { old_name: 'Again 2', group_name: 'AGAIN 2' })).statusCode).toBe(200);
    expect((await send(viewer, 'PUT', ApiPath.deviceGroups, { old_name: 'AGAIN 2', group_name: 'Mine' })).statusCode).toBe(403);
    expect((await list(admin, '?group=Again%202')).data[0]!.group).toBe('AGAIN 2');

    expect(await events('device_group.update')).toEqual([
      { target: 'Payments HSM: again -> Again 2', outcome: 'success' },
      { target: 'Payments HSM: Again 2 -> north', outcome: 'refused' },
      { target: 'Payments HSM: Atlantis -> Pacific', outcome: 'refused' },
      // Refused before the body was read (its name) or the caller's access was known: the platform names no target.
      { target: null, outcome: 'refused' },
      { target: 'Payments HSM: Again 2 -> AGAIN 2', outcome: 'success' },
      { target: null, outcome: 'refused' },
    ]);
  });
});
