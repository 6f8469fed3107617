import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let platform: Visitor;
let customer: Visitor;
let accountId: string;

let probes = 0;
const testResult = async (host: string, port: number) => {
  probes += 1;
  const created = await customer.post(`/rest/api/v1/accounts/${accountId}/syslog-configs`, { name: `probe ${probes}`, host, port, protocol: 'tcp', facility: 13, enabled: false });
  expect(created.statusCode).toBe(201);
  const id = created.json().syslog_config.id as string;
  return (await customer.post(`/rest/api/v1/accounts/${accountId}/syslog-configs/${id}/test`)).json().test_result as { delivered: boolean; error: string };
};

beforeAll(async () => {
  t = await createTestApp();
  ({ accountId } = await seedAccount(t.database.db, 'probe', [{ username: 'probe-admin', roleNames: [ROLE.admin] }]));
  customer = new Visitor(t.app);
  await customer.signIn('probe-admin', PASSWORD);
  platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('connections tenants configure', () => {
  it('refuses the platform’s own and private networks and names that do not resolve with one answer, whatever is listening there, audited', async () => {
    for (const [host, port] of [['127.0.0.1', 9], ['127.0.0.1', t.config.port], ['localhost', 9], ['::ffff:127.0.0.1', 9], ['169.254.169.254', 80], ['10.0.0.1', 514], ['keydeck-probe.invalid', 514]] as const) {
      expect(await testResult(host, port)).toEqual({ delivered: false, error: Messages.egressRefused, sent_at: expect.any(String) });
    }
    const events = await queryRows<{ outcome: string; reason: string }>(t.database.db, sql`select outcome, reason from audit_events where action = 'syslog.test'`);
    expect(events).toHaveLength(7);
    expect(events.every((e) => e.outcome === 'failure' && e.reason === Messages.egressRefused)).toBe(true);
  });

  it('opens a range a platform administrator allows, audited; customers cannot change the policy', async () => {
    expect((await customer.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1'] } })).statusCode).toBe(403);
    const set = await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1'] } });
    expect(set.statusCode).toBe(200);
    expect(set.json().allowed_ranges).toEqual(['127.0.0.1/32']);
    expect((await platform.get(ApiPath.egressPolicy)).json().denied_by_default).toContain('169.254.0.0/16');
    // Now the connection is tried (and nobody listens on port 9): the policy let it through.
    expect((await testResult('127.0.0.1', 9)).error).toBe('Connection refused by 127.0.0.1:9');
    expect((await testResult('169.254.169.254', 80)).error).toBe(Messages.egressRefused);
    const [event] = await queryRows(t.database.db, sql`select outcome, target from audit_events where action = 'egress_policy.update' and outcome = 'success'`);
    expect(event).toEqual({ outcome: 'success', target: '127.0.0.1' });
    expect((await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['not-an-address'] } })).statusCode).toBe(400);
  });
});
