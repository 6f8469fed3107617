import { ApiPath, apiPath } from '@keydeck/contract/http';
import { blueprintResponse, blueprintsPage } from '@keydeck/contract/blueprints';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { productLicenseResponse, productLicensesPage } from '@keydeck/contract/product-licenses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { startWithPlatformAdmin, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { auditEvents, expectCall, insertCloudHsm, seedTopology } from './infrastructure.test-helper.ts';

let t: TestApp;
let admin: Visitor;
let topo: Awaited<ReturnType<typeof seedTopology>>;
let hsm: { accountId: string; serviceId: string; zoneId: string };

beforeAll(async () => {
  ({ t, admin } = await startWithPlatformAdmin());
  topo = await seedTopology(admin, 'fra1', { model: 'luna-7' });
  const acme = await seedAccount(t.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
  const { serviceId } = await seedService(t.database.db, acme.accountId, { type: 'cloud_hsms', name: 'Cloud HSMs' });
  hsm = { accountId: acme.accountId, serviceId, zoneId: topo.zone.id };
});
afterAll(() => t.close());

const blueprintUrl = (id: string) => apiPath(ApiPath.blueprint, { blueprint_id: id });
const licenseUrl = (id: string) => apiPath(ApiPath.productLicense, { license_id: id });
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('blueprints', () => {
  it('creates, lists, edits and deletes blueprints with their policies, auditing each change', async () => {
    const fields = { name: 'FIPS partition', model: 'luna-7', partitions: 2, ports: 3, provisioner_group_id: topo.group.id, policies: { fips_mode: true, min_pin_length: 12 } };
    const created = blueprintResponse.parse(await expectCall(admin, 'POST', ApiPath.blueprints, 201, fields)).data;
    expect(created).toMatchObject({
      partitions: 2,
      ports: 3,
      policies: { fips_mode: true, min_pin_length: 12, backup_allowed: true },
      provisioner_group_name: 'Group fra1',
      zone_id: topo.zone.id,
      zone_name: 'Zone fra1',
      enabled: true,
      hsms: 0,
    });
    const disabled = blueprintResponse.parse(await expectCall(admin, 'PUT', blueprintUrl(created.id), 200, { ...fields, enabled: false, policies: { backup_allowed: false } })).data;
    expect(disabled).toMatchObject({ enabled: false, policies: { fips_mode: false, min_pin_length: 8, backup_allowed: false } });

    const enabledOnly = blueprintsPage.parse(await expectCall(admin, 'GET', `${ApiPath.blueprints}?enabled=true`, 200));
    expect(enabledOnly.data.map((b) => b.name)).toEqual(['Blueprint fra1']);
    const searched = blueprintsPage.parse(await expectCall(admin, 'GET', `${ApiPath.blueprints}?search=fips&order_by=model`, 200));
    expect(searched.data.map((b) => b.id)).toEqual([created.id]);

    await expectCall(admin, 'DELETE', blueprintUrl(created.id), 200);
    await expectCall(admin, 'GET', blueprintUrl(created.id), 404);
    expect((await auditEvents(t.database.db, 'infrastructure.blueprint.create')).map((e) => e.target_name)).toEqual(['Blueprint fra1', 'FIPS partition']);
    expect(await auditEvents(t.database.db, 'infrastructure.blueprint.update')).toEqual([expect.objectContaining({ target: created.id, target_name: 'FIPS partition' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.blueprint.delete')).toEqual([expect.objectContaining({ target: created.id, target_name: 'FIPS partition' })]);
  });

  it('refuses bad sizes, unknown policies, an unknown group and a taken name', async () => {
    const fields = { name: 'Odd', model: 'luna-7', partitions: 1, ports: 1, provisioner_group_id: topo.group.id };
    const sizes = await admin.call({ method: 'POST', url: ApiPath.blueprints, payload: { ...fields, partitions: 0, ports: 17 } });
    expect(sizes.statusCode).toBe(400);
    expect(sizes.json().errors).toEqual({ partitions: ['At least 1'], ports: ['At most 16'] });
    const policies = await admin.call({ method: 'POST', url: ApiPath.blueprints, payload: { ...fields, policies: { min_pin_length: 65, export_keys: true } } });
    expect(Object.keys(policies.json().errors).sort()).toEqual(['policies', 'policies.min_pin_length']);
    const group = await admin.call({ method: 'POST', url: ApiPath.blueprints, payload: { ...fields, provisioner_group_id: crypto.randomUUID() } });
    expect(group.json().errors).toEqual({ provisioner_group_id: [InfrastructureMessages.unknown('provisioner group')] });
    const taken = await admin.call({ method: 'POST', url: ApiPath.blueprints, payload: { ...fields, name: 'BLUEPRINT fra1' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(InfrastructureMessages.nameTaken('blueprint', 'BLUEPRINT fra1'));
  });

  it('keeps a blueprint cloud HSMs use, or used: disable it instead', async () => {
    const id = await insertCloudHsm(t.database.db, { ...hsm, blueprintId: topo.blueprint.id, name: 'in-use' });
    expect(blueprintResponse.parse(await expectCall(admin, 'GET', blueprintUrl(topo.blueprint.id), 200)).data.hsms).toBe(1);
    const inUse = await admin.call({ method: 'DELETE', url: blueprintUrl(topo.blueprint.id) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(InfrastructureMessages.blueprintInUse('Blueprint fra1', 1));
    await queryRows(t.database.db, sql`update cloud_hsms set status = 'Deprovisioned' where id = ${id}`);
    const history = await admin.call({ method: 'DELETE', url: blueprintUrl(topo.blueprint.id) });
    expect(history.statusCode).toBe(409);
    expect(history.json().message).toBe(InfrastructureMessages.blueprintHasHistory('Blueprint fra1'));
  });
});

describe('product licenses', () => {
  const valid = { valid_from: isoDay(-10), valid_until: isoDay(300) };

  it('creates, lists, edits and deletes licenses, auditing each change', async () => {
    const created = productLicenseResponse.parse(await expectCall(admin, 'POST', ApiPath.productLicenses, 201, { model: 'dino-1', reference: 'PL-0001', seats: 5, ...valid })).data;
    expect(created).toMatchObject({ model: 'dino-1', seats: 5, seats_used: 0, status: 'active', ...valid });
    const later = productLicenseResponse.parse(
      await expectCall(admin, 'PUT', licenseUrl(created.id), 200, { model: 'dino-1', reference: 'PL-0001b', seats: 7, valid_from: isoDay(5), valid_until: isoDay(30) }),
    ).data;
    expect(later).toMatchObject({ reference: 'PL-0001b', seats: 7, status: 'not_yet_valid' });
    const backwards = await admin.call({ method: 'POST', url: ApiPath.productLicenses, payload: { model: 'm', reference: 'r', seats: 0, valid_from: isoDay(2), valid_until: isoDay(1) } });
    expect(backwards.json().errors).toEqual({ seats: ['At least 1'], valid_until: ['The end date must not be before the start date'] });
    expect(productLicensesPage.parse(await expectCall(admin, 'GET', `${ApiPath.productLicenses}?search=PL-0001`, 200)).total).toBe(1);
    await expectCall(admin, 'DELETE', licenseUrl(created.id), 200);
    expect((await auditEvents(t.database.db, 'infrastructure.license.create')).map((e) => [e.outcome, e.target_name ?? e.target])).toEqual([
      ['success', 'PL-0001'],
      ['refused', null],
    ]);
    expect(await auditEvents(t.database.db, 'infrastructure.license.update')).toEqual([expect.objectContaining({ target: created.id, target_name: 'PL-0001b' })]);
    expect(await auditEvents(t.database.db, 'infrastructure.license.delete')).toEqual([expect.objectContaining({ target: created.id, target_name: 'PL-0001b' })]);
  });

  it('counts the seats cloud HSMs of the model hold, and refuses taking seats they hold', async () => {
    const first = productLicenseResponse.parse(await expectCall(admin, 'POST', ApiPath.productLicenses, 201, { model: 'luna-7', reference: 'LUNA-A', seats: 2, ...valid })).data;
    const second = productLicenseResponse.parse(
      await expectCall(admin, 'POST', ApiPath.productLicenses, 201, { model: 'luna-7', reference: 'LUNA-B', seats: 3, valid_from: isoDay(-1), valid_until: isoDay(300) }),
    ).data;
    for (const name of ['a', 'b', 'c']) await insertCloudHsm(t.database.db, { ...hsm, blueprintId: topo.blueprint.id, name });
    await insertCloudHsm(t.database.db, { ...hsm, blueprintId: topo.blueprint.id, name: 'old', status: 'Deprovisioned' });

    const page = productLicensesPage.parse(await expectCall(admin, 'GET', `${ApiPath.productLicenses}?search=luna&order_by=reference`, 200));
    expect(page.data.map((l) => [l.reference, l.seats, l.seats_used])).toEqual([['LUNA-A', 2, 2], ['LUNA-B', 3, 1]]);

    // LUNA-B may lose spare seats, but not the one an HSM holds while LUNA-A is full.
    const fields = { model: 'luna-7', reference: 'LUNA-B', valid_from: second.valid_from, valid_until: second.valid_until };
    expect(productLicenseResponse.parse(await expectCall(admin, 'PUT', licenseUrl(second.id), 200, { ...fields, seats: 1 })).data.seats_used).toBe(1);
    const tooFew = await admin.call({ method: 'PUT', url: licenseUrl(first.id), payload: { model: 'luna-7', reference: 'LUNA-A', seats: 1, ...valid } });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json()).toMatchObject({
      message: InfrastructureMessages.seatsInUse('LUNA-A', 'luna-7', 3, 2),
      errors: { seats: [InfrastructureMessages.seatsInUse('LUNA-A', 'luna-7', 3, 2)] },
    });
    expect(tooFew.json().message).toBe('License LUNA-A needs at least 2 seat(s) while valid: 3 cloud HSM(s) of model luna-7 hold seats');
    const otherModel = await admin.call({ method: 'PUT', url: licenseUrl(second.id), payload: { ...fields, model: 'dino-1', seats: 1 } });
    expect(otherModel.statusCode).toBe(409);
    const removal = await admin.call({ method: 'DELETE', url: licenseUrl(first.id) });
    expect(removal.statusCode).toBe(409);
    expect(await auditEvents(t.database.db, 'infrastructure.license.update')).toContainEqual(expect.objectContaining({ outcome: 'refused', reason: 'seats_in_use' }));

    // More seats are always fine.
    expect(productLicenseResponse.parse(await expectCall(admin, 'PUT', licenseUrl(first.id), 200, { model: 'luna-7', reference: 'LUNA-A', seats: 4, ...valid })).data.seats_used).toBe(3);
  });
});
