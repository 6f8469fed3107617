import { auditPage } from '@keydeck/contract/audit';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount, seedService } from '../../../test/fixtures.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

/** An event's target reads by name, with its id beside it, for every action (issue 27). */
let t: TestApp;
let admin: Visitor;
let accountId: string;
let serviceId: string;
let leaverId: string;

const events = async (action: string) =>
  auditPage.parse((await admin.get(`${ApiPath.auditEvents}?action=${encodeURIComponent(action)}&page_size=100`)).json()).data.filter((e) => e.action === action);

beforeAll(async () => {
  t = await createTestApp();
  const acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-leaver', roleNames: [ROLE.readOnly] },
  ]);
  accountId = acme.accountId;
  leaverId = acme.userIds['acme-leaver']!;
  ({ serviceId } = await seedService(t.database.db, accountId, { type: 'rkms', name: 'Payments Prod', members: [{ userId: acme.userIds['acme-admin']! }] }));
  admin = new Visitor(t.app);
  await admin.signIn('acme-admin', PASSWORD);
});
afterAll(() => t.close());

describe('audit targets by name', () => {
  it("records a service's name with its id when it is selected, opened and closed", async () => {
    expect((await admin.call({ method: 'PUT', url: ApiPath.services, payload: { service_id: serviceId } })).statusCode).toBe(200);
    expect((await admin.post(apiPath(ApiPath.serviceLogin, { service_id: serviceId }))).statusCode).toBe(200);
    expect((await admin.call({ method: 'DELETE', url: apiPath(ApiPath.serviceLogin, { service_id: serviceId }) })).statusCode).toBe(200);
    for (const action of ['service.select', 'service.login', 'service.logout']) {
      expect(await events(action), action).toEqual([expect.objectContaining({ target: serviceId, target_name: 'Payments Prod' })]);
    }
  });

  it('records a deleted user by name, not by id alone', async () => {
    expect((await admin.call({ method: 'DELETE', url: ApiPath.users, payload: { account_id: accountId, users: [leaverId] } })).statusCode).toBe(200);
    expect(await events('users.delete')).toEqual([expect.objectContaining({ target: leaverId, target_name: 'acme-leaver' })]);
  });

  it('records a deleted syslog destination by name', async () => {
    const configs = apiPath(ApiPath.syslogConfigs, { account_id: accountId });
    const created = await admin.call({ method: 'POST', url: configs, payload: { name: 'SIEM', host: 'siem.example.com', port: 6514, protocol: 'tcp', enabled: false } });
    const id = (created.json() as { syslog_config: { id: string } }).syslog_config.id;
    expect((await admin.call({ method: 'DELETE', url: apiPath(ApiPath.syslogConfig, { account_id: accountId, config_id: id }) })).statusCode).toBe(200);
    expect(await events('syslog.create')).toEqual([expect.objectContaining({ target: id, target_name: 'SIEM (tcp://siem.example.com:6514)' })]);
    expect(await events('syslog.delete')).toEqual([expect.objectContaining({ target: id, target_name: 'SIEM' })]);
  });

  it('shows the best name known for an event recorded with a bare id', async () => {
    // As events were recorded before their names were: the id alone (written as the database's owner could).
    await t.database.executeSql('alter table audit_events disable trigger audit_events_append_only');
    try {
      await t.database.executeSql("update audit_events set target_name = null where action in ('service.select', 'syslog.delete')");
    } finally {
      await t.database.executeSql('alter table audit_events enable trigger audit_events_append_only');
    }
    expect(await events('service.select')).toEqual([expect.objectContaining({ target: serviceId, target_name: 'Payments Prod' })]);
    // The destination is gone: the name another event recorded for the same id stands in.
    const [deleted] = await events('syslog.delete');
    expect(deleted).toEqual(expect.objectContaining({ target_name: 'SIEM (tcp://siem.example.com:6514)' }));
  });
});
