import { Messages } from '@keydeck/contract/messages';
import { syslogConfigResponse, syslogConfigsPage } from '@keydeck/contract/syslog';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, type SeededAccount } from '../../../test/fixtures.ts';
import { selfSignedCertificate } from '../../../test/ftp-server.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { syslogDestinations } from '../../db/schema/syslog.ts';
import { accountScope, inScope } from '../../platform/tenant-scope.ts';

let t: TestApp;
let acme: SeededAccount;
let bravo: SeededAccount;
let acmeAdmin: Visitor;
let bravoAdmin: Visitor;

const configs = (accountId: string) => `/rest/api/v1/accounts/${accountId}/syslog-configs`;
// Disabled, so the delivery worker never tries these made-up servers.
const first = selfSignedCertificate('127.0.0.1');
const second = selfSignedCertificate('127.0.0.2');
const fields = { name: 'SIEM', host: 'siem.example.com', port: 6514, protocol: 'tcp', enabled: false };

async function signedIn(username: string, password = PASSWORD) {
  const visitor = new Visitor(t.app);
  expect((await visitor.signIn(username, password)).statusCode).toBe(200);
  return visitor;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
  ]);
  bravo = await seedAccount(t.database.db, 'bravo', [{ username: 'bravo-admin', roleNames: [ROLE.admin] }]);
  acmeAdmin = await signedIn('acme-admin');
  bravoAdmin = await signedIn('bravo-admin');
});
afterAll(() => t.close());

describe('syslog server configurations', () => {
  it('creates, lists, replaces and deletes a configuration, auditing each change', async () => {
    const created = await acmeAdmin.post(configs(acme.accountId), fields);
    expect(created.statusCode).toBe(201);
    const config = syslogConfigResponse.parse(created.json()).syslog_config;
    expect(config).toMatchObject({ ...fields, account_id: acme.accountId, facility: 13, ca_certificate: null });
    expect(config.delivery).toMatchObject({ state: 'disabled', lag: 0, last_error: null, last_delivered_event_id: null });

    const list = syslogConfigsPage.parse((await acmeAdmin.get(configs(acme.accountId))).json());
    expect(list).toMatchObject({ total: 1, data: [{ id: config.id, name: 'SIEM' }] });

    const replaced = await acmeAdmin.call({
      method: 'PUT',
      url: `${configs(acme.accountId)}/${config.id}`,
      payload: { ...fields, name: 'SIEM 2', host: '192.0.2.10', port: 514, protocol: 'udp', facility: 16 },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().syslog_config).toMatchObject({ name: 'SIEM 2', host: '192.0.2.10', port: 514, protocol: 'udp', facility: 16 });

    const deleted = await acmeAdmin.call({ method: 'DELETE', url: `${configs(acme.accountId)}/${config.id}` });
    expect(deleted.json()).toEqual({ deleted: config.id });
    expect(syslogConfigsPage.parse((await acmeAdmin.get(configs(acme.accountId))).json()).total).toBe(0);

    const audit = await queryRows<{ action: string; outcome: string }>(
      t.database.db,
      sql`select action, outcome from audit_events where account_id = ${acme.accountId} and action like 'syslog.%' order by id`,
    );
    expect(audit).toEqual(['syslog.create', 'syslog.update', 'syslog.delete'].map((action) => ({ action, outcome: 'success' })));
  });

  it('refuses bad fields with field errors and creates nothing', async () => {
    const res = await acmeAdmin.post(configs(acme.accountId), { name: '', host: 'not a host!', port: 70000, protocol: 'smtp', facility: 24 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['facility', 'host', 'name', 'port', 'protocol']);
    expect(res.json().errors.port).toEqual(['Port must be 1-65535']);
    const zero = await acmeAdmin.post(configs(acme.accountId), { ...fields, port: 0 });
    expect(zero.json().errors).toEqual({ port: ['Port must be 1-65535'] });
    expect(syslogConfigsPage.parse((await acmeAdmin.get(configs(acme.accountId))).json()).total).toBe(0);
  });

  it('refuses a TLS CA certificate that is not a certificate with a field error, and takes a bundle of several', async () => {
    const tls = { ...fields, name: 'TLS SIEM', protocol: 'tls' };
    const broken = `-----BEGIN CERTIFICATE-----\n${'QUJD'.repeat(40)}\n-----END CERTIFICATE-----`;
    for (const ca of ['hello -----BEGIN CERTIFICATE-----', broken, `${first.cert}\ntrailing words`, first.key]) {
      const res = await acmeAdmin.post(configs(acme.accountId), { ...tls, ca_certificate: ca });
      expect(res.statusCode, ca.slice(0, 40)).toBe(400);
      expect(res.json().errors).toEqual({ ca_certificate: [Messages.caCertificateInvalid] });
    }
    expect(syslogConfigsPage.parse((await acmeAdmin.get(configs(acme.accountId))).json()).total).toBe(0);
    const bundle = `${first.cert}${second.cert}`;
    const created = await acmeAdmin.post(configs(acme.accountId), { ...tls, ca_certificate: bundle });
    expect(created.statusCode).toBe(201);
    const id = created.json().syslog_config.id;
    const replaced = await acmeAdmin.call({ method: 'PUT', url: `${configs(acme.accountId)}/${id}`, payload: { ...tls, ca_certificate: broken } });
    expect(replaced.json().errors).toEqual({ ca_certificate: [Messages.caCertificateInvalid] });
    expect((await acmeAdmin.call({ method: 'DELETE', url: `${configs(acme.accountId)}/${id}` })).statusCode).toBe(200);
  });

  it('accepts IPv4, IPv6 and host names', async () => {
    for (const [i, host] of ['127.0.0.1', '::1', 'logs.example.org'].entries()) {
      const res = await acmeAdmin.post(configs(acme.accountId), { ...fields, name: `host ${i}`, host });
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses a second configuration with the same name in the account', async () => {
    await acmeAdmin.post(configs(acme.accountId), { ...fields, name: 'Twin' });
    const res = await acmeAdmin.post(configs(acme.accountId), { ...fields, name: 'twin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: [Messages.syslogNameTaken] });
    // Another account may use the name.
    expect((await bravoAdmin.post(configs(bravo.accountId), { ...fields, name: 'Twin' })).statusCode).toBe(201);
  });

  it('answers 404 to another account administrator, for every operation', async () => {
    const mine = syslogConfigResponse.parse((await acmeAdmin.post(configs(acme.accountId), { ...fields, name: 'Private' })).json()).syslog_config;
    const url = `${configs(acme.accountId)}/${mine.id}`;
    expect((await bravoAdmin.get(configs(acme.accountId))).statusCode).toBe(404);
    expect((await bravoAdmin.post(configs(acme.accountId), fields)).statusCode).toBe(404);
    expect((await bravoAdmin.call({ method: 'PUT', url, payload: { ...fields, host: '10.0.0.1' } })).statusCode).toBe(404);
    expect((await bravoAdmin.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect((await bravoAdmin.post(`${url}/test`)).statusCode).toBe(404);
    // Its own account in the path, acme's id after it: still not found.
    const viaOwn = `${configs(bravo.accountId)}/${mine.id}`;
    expect((await bravoAdmin.call({ method: 'DELETE', url: viaOwn })).statusCode).toBe(404);
    expect((await bravoAdmin.call({ method: 'PUT', url: viaOwn, payload: fields })).statusCode).toBe(404);

    const after = syslogConfigsPage.parse((await acmeAdmin.get(configs(acme.accountId))).json()).data.find((c) => c.id === mine.id);
    expect(after).toMatchObject({ host: fields.host, name: 'Private' });
    const refused = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action like 'syslog.%' and outcome = 'refused' and reason = 'not_found'`,
    );
    expect(refused[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('lets a read-only user look but not change', async () => {
    const viewer = await signedIn('acme-viewer');
    expect((await viewer.get(configs(acme.accountId))).statusCode).toBe(200);
    const res = await viewer.post(configs(acme.accountId), { ...fields, name: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(Messages.permissionDenied);
    expect((await new Visitor(t.app).get(configs(acme.accountId))).statusCode).toBe(401);
  });

  it('lets a platform administrator manage any account, and answers 404 for an unknown one', async () => {
    const platform = await signedIn(ADMIN.username, ADMIN.password);
    const res = await platform.post(configs(bravo.accountId), { ...fields, name: 'From the platform' });
    expect(res.statusCode).toBe(201);
    expect(res.json().syslog_config.account_id).toBe(bravo.accountId);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await platform.post(configs(unknown), fields)).statusCode).toBe(404);
    expect((await platform.get(configs(unknown))).statusCode).toBe(404);
    expect((await platform.get(configs('not-a-uuid'))).statusCode).toBe(404);
  });

  it('keeps another account rows out of reach of row-level security too', async () => {
    const seen = await inScope(t.database.db, accountScope(acme.accountId), (tx) => tx.select().from(syslogDestinations));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((row) => row.accountId === acme.accountId)).toBe(true);
  });
});
