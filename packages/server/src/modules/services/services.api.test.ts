import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { PERMISSION_CATEGORIES } from '@keydeck/contract/permissions';
import { SERVICE_TYPES, adminServicesPage, serviceResponse, servicesPage, servicesResponse, type Service } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { provisionService } from './services.jobs.ts';

let t: TestApp;
let acme: SeededAccount;
let globex: SeededAccount;
let platform: Visitor;
let customer: Visitor;
let viewer: Visitor;
let rival: Visitor;

const request = (visitor: Visitor, body: object) => visitor.call({ method: 'POST', url: ApiPath.services, payload: body });
const admin = (method: 'POST' | 'PUT' | 'DELETE', services: object[] | string[]) =>
  platform.call({ method, url: ApiPath.adminServices, payload: { services } });
const act = (id: string, action: 'approve' | 'enable' | 'disable') => admin('PUT', [{ id, action }]);
const order = { type: 'cloud_hsms', location: 'eu-central', environment: 'production' };

async function requested(name: string, visitor = customer): Promise<Service> {
  const res = await request(visitor, { ...order, name });
  expect(res.statusCode).toBe(201);
  return serviceResponse.parse(res.json()).service;
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from services where id = ${id}`);
  return row?.status;
}

/** The provisioning job runs in the background: wait for it, within a bound. */
async function waitForStatus(id: string, status: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await statusOf(id)) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`service ${id} did not become ${status}; it is ${await statusOf(id)}`);
}

const auditRows = (accountId: string, action: string) =>
  queryRows<{ target: string; actor_username: string | null }>(
    t.database.db,
    sql`select target, actor_username from audit_events where account_id = ${accountId} and action = ${action} and outcome = 'success' order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-second-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  customer = new Visitor(t.app);
  await customer.signIn('acme-admin', PASSWORD);
  viewer = new Visitor(t.app);
  await viewer.signIn('acme-viewer', PASSWORD);
  rival = new Visitor(t.app);
  await rival.signIn('globex-admin', PASSWORD);
});
afterAll(() => t.close());

describe('service catalogue and requests', () => {
  it('lists the account services with the catalogue to request from', async () => {
    await requested('Catalogue HSM');
    const page = servicesPage.parse((await customer.get(`${ApiPath.services}?page_size=99`)).json());
    expect(page.data.map((s) => s.name)).toContain('Catalogue HSM');
    expect(page.data.every((s) => s.account_id === acme.accountId)).toBe(true);
    expect(page.service_locations).toContainEqual({ id: 'eu-central', name: 'EU Central (Frankfurt)' });
    expect(page.server_locations.filter((s) => s.service_location === 'eu-central').map((s) => s.id)).toEqual(['FRA1', 'FRA2']);
    expect(page.services_available).toHaveLength(Object.keys(SERVICE_TYPES).length);
    expect(page.services_available).toContainEqual({ type: 'cloud_hsms', type_name: 'Cloud HSMs' });
    expect(page.environments).toEqual(['production', 'test']);
    expect(page.current_service_id).toBeNull();
  });

  it('pages, searches and orders on the server', async () => {
    for (const name of ['Paging alpha', 'Paging beta', 'Paging gamma']) await requested(name);
    const first = servicesPage.parse((await customer.get(`${ApiPath.services}?search=paging&page_size=2&order=desc`)).json());
    expect(first.total).toBe(3);
    expect(first.data.map((s) => s.name)).toEqual(['Paging gamma', 'Paging beta']);
    const second = servicesPage.parse((await customer.get(`${ApiPath.services}?search=paging&page_size=2&page=2&order=desc`)).json());
    expect(second.data.map((s) => s.name)).toEqual(['Paging alpha']);
  });

  it('shows a platform administrator any account, and a customer only their own', async () => {
    await requested('Visible to admins');
    const asAdmin = servicesPage.parse((await platform.get(`${ApiPath.services}?account_id=${acme.accountId}&page_size=99`)).json());
    expect(asAdmin.data.map((s) => s.name)).toContain('Visible to admins');
    expect((await rival.get(`${ApiPath.services}?account_id=${acme.accountId}`)).statusCode).toBe(404);
    const own = servicesPage.parse((await rival.get(ApiPath.services)).json());
    expect(own.data.map((s) => s.name)).not.toContain('Visible to admins');
  });

  it('records a request as Pending Approval, by the caller, audited', async () => {
    const service = await requested('Requested HSM');
    expect(service).toMatchObject({ name: 'Requested HSM', status: 'PendingApproval', type_name: 'Cloud HSMs', use_jwt: false });
    const [row] = await queryRows<{ requested_by: string }>(t.database.db, sql`select requested_by from services where id = ${service.id}`);
    expect(row!.requested_by).toBe(acme.userIds['acme-admin']);
    expect((await auditRows(acme.accountId, 'service.request')).map((r) => r.target)).toContain('Requested HSM');
  });

  it('refuses unknown locations and environments with field errors, and taken names with 409', async () => {
    const bad = await request(customer, { ...order, name: 'Nowhere', location: 'moon-base', environment: 'staging' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ location: [Messages.serviceLocationUnknown], environment: [Messages.serviceEnvironmentUnknown] });
    expect(await queryRows(t.database.db, sql`select id from services where name = 'Nowhere'`)).toEqual([]);

    await requested('Twice');
    const again = await request(customer, { ...order, name: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: [Messages.serviceNameTaken('twice')] });
    // Another account may use the same name.
    await requested('Twice', rival);
  });

  it('lets only users who may manage services request one', async () => {
    expect((await request(viewer, { ...order, name: 'Not mine to ask' })).statusCode).toBe(403);
  });
});

describe('current service', () => {
  it('sets and clears the session current service, only to one of the account', async () => {
    const service = await requested('Current HSM');
    const set = await customer.call({ method: 'PUT', url: ApiPath.services, payload: { service_id: service.id } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ service_id: service.id });
    expect(servicesPage.parse((await customer.get(ApiPath.services)).json()).current_service_id).toBe(service.id);
    // Another session of the same user has its own current service.
    const otherSession = new Visitor(t.app);
    await otherSession.signIn('acme-admin', PASSWORD);
    expect(servicesPage.parse((await otherSession.get(ApiPath.services)).json()).current_service_id).toBeNull();

    const theirs = await requested('Their current', rival);
    expect((await customer.call({ method: 'PUT', url: ApiPath.services, payload: { service_id: theirs.id } })).statusCode).toBe(404);
    expect(servicesPage.parse((await customer.get(ApiPath.services)).json()).current_service_id).toBe(service.id);

    expect((await customer.call({ method: 'PUT', url: ApiPath.services, payload: { service_id: null } })).json()).toEqual({ service_id: null });
    expect(servicesPage.parse((await customer.get(ApiPath.services)).json()).current_service_id).toBeNull();
  });

  it('answers GET service/ for the account own services only', async () => {
    const service = await requested('Single HSM');
    const res = await customer.get(`${ApiPath.service}?id=${service.id}`);
    expect(serviceResponse.parse(res.json()).service).toEqual(service);
    expect((await rival.get(`${ApiPath.service}?id=${service.id}`)).statusCode).toBe(404);
    expect((await platform.get(`${ApiPath.service}?id=${service.id}`)).statusCode).toBe(200);
  });
});

describe('service life cycle', () => {
  it('approves a request, provisions it in the background, and lets the requester in', async () => {
    const service = await requested('Lifecycle HSM');
    const approved = await act(service.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(servicesResponse.parse(approved.json()).services[0]!.status).toBe('PendingProvisioning');
    await waitForStatus(service.id, 'Enabled');

    const groups = await queryRows<{ name: string; parent_name: string | null; permissions: Record<string, string> }>(
      t.database.db,
      sql`select name, parent_name, permissions from service_user_groups where service_id = ${service.id}`,
    );
    expect(groups).toEqual([{ name: 'Administrators', parent_name: null, permissions: Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, 'Modify'])) }]);
    const members = await queryRows<{ user_id: string }>(t.database.db, sql`select user_id from service_users where service_id = ${service.id}`);
    expect(members).toEqual([{ user_id: acme.userIds['acme-admin'] }]);
    expect((await customer.call({ method: 'POST', url: `/rest/api/v1/service/login/${service.id}` })).statusCode).toBe(200);

    expect((await auditRows(acme.accountId, 'service.update')).map((r) => r.target)).toContain('Lifecycle HSM: approve');
    expect(await auditRows(acme.accountId, 'service.provisioned')).toContainEqual({ target: 'Lifecycle HSM', actor_username: 'system' });
  });

  it('creates services for an account directly, giving its administrators access when nobody requested them', async () => {
    const res = await admin('POST', [{ ...order, account_id: acme.accountId, name: 'Direct HSM', use_jwt: true }]);
    expect(res.statusCode).toBe(201);
    const [created] = servicesResponse.parse(res.json()).services;
    expect(created).toMatchObject({ status: 'PendingProvisioning', use_jwt: true, account_id: acme.accountId });
    await waitForStatus(created!.id, 'Enabled');
    const members = await queryRows<{ user_id: string }>(t.database.db, sql`select user_id from service_users where service_id = ${created!.id} order by user_id`);
    expect(members.map((m) => m.user_id)).toEqual([acme.userIds['acme-admin'], acme.userIds['acme-second-admin']].sort());
    expect((await auditRows(acme.accountId, 'service.create')).map((r) => r.target)).toContain('Direct HSM');

    const clash = await admin('POST', [{ ...order, account_id: acme.accountId, name: 'Direct HSM' }]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ 'services.0.name': [Messages.serviceNameTaken('Direct HSM')] });
    expect((await admin('POST', [{ ...order, account_id: '00000000-0000-4000-8000-000000000000', name: 'Orphan' }])).statusCode).toBe(404);
  });

  it('provisions once however often the job runs', async () => {
    const service = await requested('Idempotent HSM');
    await act(service.id, 'approve');
    await waitForStatus(service.id, 'Enabled');
    expect(await provisionService(t.database.db, t.app.auditKey, service.id, 'repeated-job')).toBe(false);
    expect((await auditRows(acme.accountId, 'service.provisioned')).filter((r) => r.target === 'Idempotent HSM')).toHaveLength(1);
    const [groups] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_user_groups where service_id = ${service.id}`);
    expect(groups!.n).toBe(1);
  });

  it('disables a service, ending its sessions, and enables it again', async () => {
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Toggle HSM', members: [{ userId: acme.userIds['acme-admin']! }] });
    expect((await customer.call({ method: 'POST', url: `/rest/api/v1/service/login/${serviceId}` })).statusCode).toBe(200);

    expect(servicesResponse.parse((await act(serviceId, 'disable')).json()).services[0]!.status).toBe('Disabled');
    const [sessions] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from service_sessions where service_id = ${serviceId}`);
    expect(sessions!.n).toBe(0);
    const refused = await customer.call({ method: 'POST', url: `/rest/api/v1/service/login/${serviceId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(Messages.serviceNotEnabled);

    expect(servicesResponse.parse((await act(serviceId, 'enable')).json()).services[0]!.status).toBe('Enabled');
    expect((await customer.call({ method: 'POST', url: `/rest/api/v1/service/login/${serviceId}` })).statusCode).toBe(200);
    expect((await auditRows(acme.accountId, 'service.update')).map((r) => r.target)).toEqual(
      expect.arrayContaining(['Toggle HSM: disable', 'Toggle HSM: enable']),
    );
  });

  it('refuses moves the life cycle does not allow with 409, changing nothing', async () => {
    const pending = await requested('Stuck request');
    const { serviceId: enabled } = await seedService(t.database.db, acme.accountId, { name: 'Running HSM' });

    const enablePending = await act(pending.id, 'enable');
    expect(enablePending.statusCode).toBe(409);
    expect(enablePending.json().message).toBe(Messages.serviceTransitionRefused('Stuck request', 'Pending Approval', 'enable'));
    const approveEnabled = await act(enabled, 'approve');
    expect(approveEnabled.statusCode).toBe(409);
    expect(approveEnabled.json().message).toBe('Running HSM is Enabled: it cannot be approved.');

    // All or nothing: the valid disable in the same batch is rolled back.
    const mixed = await admin('PUT', [{ id: enabled, action: 'disable' }, { id: pending.id, action: 'disable' }]);
    expect(mixed.statusCode).toBe(409);
    expect(await statusOf(enabled)).toBe('Enabled');
  });

  it('queues nothing when an approval is rolled back', async () => {
    const service = await requested('Rolled back');
    const res = await admin('PUT', [{ id: service.id, action: 'approve' }, { id: '00000000-0000-4000-8000-000000000000', action: 'approve' }]);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(service.id)).toBe('PendingApproval');
    const jobs = await queryRows(t.database.db, sql`select id from pgboss.job where data->>'serviceId' = ${service.id}`);
    expect(jobs).toEqual([]);
  });

  it('rejects pending requests and deletes services with everything they hold', async () => {
    const pending = await requested('Rejected request');
    const { serviceId } = await seedService(t.database.db, acme.accountId, { name: 'Retired HSM', members: [{ userId: acme.userIds['acme-admin']! }] });

    const unknown = await admin('DELETE', [pending.id, '00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(pending.id)).toBe('PendingApproval');

    const res = await admin('DELETE', [pending.id, serviceId]);
    expect(res.statusCode).toBe(200);
    expect(servicesResponse.parse(res.json()).services.map((s) => s.name).sort()).toEqual(['Rejected request', 'Retired HSM']);
    expect(await statusOf(pending.id)).toBeUndefined();
    expect(await queryRows(t.database.db, sql`select id from service_users where service_id = ${serviceId}`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select id from service_user_groups where service_id = ${serviceId}`)).toEqual([]);
    expect((await auditRows(acme.accountId, 'service.delete')).map((r) => r.target)).toContain('Rejected request, Retired HSM');
  });

  it('audits a change on each account it touched', async () => {
    const ours = await requested('Batch ours');
    const theirs = await requested('Batch theirs', rival);
    expect((await admin('PUT', [{ id: ours.id, action: 'approve' }, { id: theirs.id, action: 'approve' }])).statusCode).toBe(200);
    expect((await auditRows(acme.accountId, 'service.update')).map((r) => r.target)).toContain('Batch ours: approve');
    expect((await auditRows(globex.accountId, 'service.update')).map((r) => r.target)).toContain('Batch theirs: approve');
    await waitForStatus(ours.id, 'Enabled');
    await waitForStatus(theirs.id, 'Enabled');
  });

  it('keeps admin/services to platform administrators', async () => {
    const service = await requested('Not for customers');
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const payload =
        method === 'POST'
          ? { services: [{ ...order, account_id: acme.accountId, name: 'Self-made' }] }
          : method === 'PUT'
            ? { services: [{ id: service.id, action: 'approve' }] }
            : { services: [service.id] };
      expect((await customer.call({ method, url: ApiPath.adminServices, payload })).statusCode).toBe(403);
    }
    expect(await statusOf(service.id)).toBe('PendingApproval');
  });
});

describe('pending requests across accounts, and withdrawing one', () => {
  it('lists every account’s pending requests with the account’s name to platform administrators only', async () => {
    const mine = await requested('Pending for the queue');
    const theirs = await requested('Globex pending', rival);
    const res = await platform.get(`${ApiPath.adminServices}?status=PendingApproval&page_size=100`);
    expect(res.statusCode).toBe(200);
    const page = adminServicesPage.parse(res.json());
    const byId = new Map(page.data.map((s) => [s.id, s]));
    expect(byId.get(mine.id)).toMatchObject({ account_name: 'Company acme', status: 'PendingApproval' });
    expect(byId.get(theirs.id)).toMatchObject({ account_name: 'Company globex' });
    expect(page.data.every((s) => s.status === 'PendingApproval')).toBe(true);
    expect((await customer.get(`${ApiPath.adminServices}?status=PendingApproval`)).statusCode).toBe(403);
  });

  it('lets the requesting account withdraw a pending request, audited, and nothing else', async () => {
    const pending = await requested('Changed my mind');
    const foreign = await requested('Not yours', rival);
    const cancel = (visitor: Visitor, ids: string[]) => visitor.call({ method: 'DELETE', url: ApiPath.services, payload: { services: ids } });
    expect((await cancel(customer, [foreign.id])).statusCode).toBe(404);
    expect((await cancel(viewer, [pending.id])).statusCode).toBe(403);
    const res = await cancel(customer, [pending.id]);
    expect(res.statusCode).toBe(200);
    expect(await statusOf(pending.id)).toBeUndefined();
    expect((await auditRows(acme.accountId, 'service.cancel')).map((r) => r.target)).toEqual(['Changed my mind']);

    const approved = await requested('Already approved');
    await act(approved.id, 'approve');
    const late = await cancel(customer, [approved.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(Messages.serviceNotPending);
  });
});
