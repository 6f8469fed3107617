import { ErrorCode } from '@keydeck/contract/errors';
import { externalCaDetailResponse, externalCaResponse, externalCasPage } from '@keydeck/contract/external-cas';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService, type SeededAccount } from '../../../test/fixtures.ts';
import { opensslCa, opensslIssued, type OpensslCa } from '../../../test/openssl.ts';
import { Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: SeededAccount;
let operator: Visitor;
let serviceId: string;
let root: OpensslCa;

const casPath = (service: string) => `/rest/api/v2/cryptoverse/${service}/externalcas`;
const caPath = (service: string, id: string) => `/rest/api/v2/cryptoverse/${service}/externalca/${id}`;
const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64');
const upload = (visitor: Visitor, service: string, name: string, file: string) =>
  visitor.call({ method: 'POST', url: casPath(service), payload: { external_ca_name: name, external_ca_file: file } });
const archive = (visitor: Visitor, service: string, id: string, isArchived: boolean, bodyId = id) =>
  visitor.call({ method: 'PUT', url: caPath(service, id), payload: { id: bodyId, is_archived: isArchived } });
const listNames = async (visitor: Visitor, service: string, query = '') =>
  externalCasPage.parse((await visitor.get(`${casPath(service)}${query}`)).json()).data.map((ca) => ca.name);
const storedCount = async (service: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from external_cas where service_id = ${service}`))[0]!.n;

async function operatorOn(username: string, service: string): Promise<Visitor> {
  const visitor = new Visitor(t.app);
  await visitor.signIn(username, PASSWORD);
  expect((await visitor.call({ method: 'POST', url: `/rest/api/v1/service/login/${service}` })).statusCode).toBe(200);
  return visitor;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-operator', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.admin] },
  ]);
  ({ serviceId } = await seedService(t.database.db, acme.accountId, {
    name: 'Cryptoverse',
    groups: [
      { name: 'Administrators', permissions: { CertManage: 'Modify' } },
      { name: 'Auditors', permissions: { CertManage: 'View' } },
    ],
    members: [{ userId: acme.userIds['acme-operator']! }, { userId: acme.userIds['acme-viewer']!, group: 'Auditors' }],
  }));
  operator = await operatorOn('acme-operator', serviceId);
  root = opensslCa('Partner Root');
});
afterAll(() => t.close());

describe('external CAs', () => {
  it('takes a CA certificate made by openssl (PEM or DER), reads it, and gives the DER back on detail', async () => {
    const created = await upload(operator, serviceId, 'Partner Root', b64(root.pem));
    expect(created.statusCode).toBe(201);
    const { data } = externalCaResponse.parse(created.json());
    expect(data).toMatchObject({
      name: 'Partner Root',
      is_archived: false,
      has_probe_pki: false,
      object_type: 'RootCA',
      subject: 'O=Keydeck Tests, CN=Partner Root',
      issuer: 'O=Keydeck Tests, CN=Partner Root',
      sha256_fingerprint: root.sha256Fingerprint,
    });
    expect(new Date(data.not_after).getTime() - new Date(data.not_before).getTime()).toBe(3650 * 86_400_000);
    expect(created.json().data.certificate_data).toBeUndefined();

    const detail = externalCaDetailResponse.parse((await operator.get(caPath(serviceId, data.id))).json()).data;
    expect(Buffer.from(detail.certificate_data, 'base64').equals(root.der)).toBe(true);
    expect(detail.sha256_fingerprint).toBe(root.sha256Fingerprint);

    const intermediate = opensslIssued(root, 'Partner Issuing CA', { ca: true });
    const fromDer = await upload(operator, serviceId, 'Partner Issuing', intermediate.der.toString('base64'));
    expect(fromDer.statusCode).toBe(201);
    expect(externalCaResponse.parse(fromDer.json()).data).toMatchObject({
      object_type: 'IntermediateCA',
      subject: 'O=Keydeck Tests, CN=Partner Issuing CA',
      issuer: 'O=Keydeck Tests, CN=Partner Root',
    });

    const audited = await queryRows<{ action: string; target: string; outcome: string }>(
      t.database.db,
      sql`select action, target, outcome from audit_events where action like 'cryptoverse.%' order by id`,
    );
    expect(audited).toEqual([
      { action: 'cryptoverse.external_ca_create', target: 'Partner Root', outcome: 'success' },
      { action: 'cryptoverse.external_ca_create', target: 'Partner Issuing', outcome: 'success' },
    ]);
  });

  it('refuses what is not a single CA certificate with 400, and stores nothing', async () => {
    const before = await storedCount(serviceId);
    const leaf = opensslIssued(root, 'www.partner.example');
    const refusals: [string, string, string][] = [
      ['leaf PEM', b64(leaf.pem), Messages.externalCaNotCa],
      ['leaf DER', leaf.der.toString('base64'), Messages.externalCaNotCa],
      ['garbage', b64(Buffer.from('this is not a certificate at all')), Messages.externalCaNotCertificate],
      ['truncated DER', root.der.subarray(0, 100).toString('base64'), Messages.externalCaNotCertificate],
      ['DER with a tail', Buffer.concat([root.der, Buffer.from([0, 1, 2])]).toString('base64'), Messages.externalCaNotCertificate],
      ['bundle', b64(root.pem + leaf.pem), Messages.externalCaSeveralCertificates],
      ['oversize', b64(`${root.pem}${' '.repeat(64 * 1024)}`), Messages.externalCaFileTooLarge(64)],
    ];
    for (const [name, file, message] of refusals) {
      const refused = await upload(operator, serviceId, name, file);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json(), name).toMatchObject({ message, errors: { external_ca_file: [message] } });
    }
    const badInput = await upload(operator, serviceId, 'x'.repeat(31), b64(root.pem));
    expect(badInput.statusCode).toBe(400);
    expect(Object.keys(badInput.json().errors)).toEqual(['external_ca_name']);
    expect((await upload(operator, serviceId, 'Not base64', '-----BEGIN CERTIFICATE-----')).statusCode).toBe(400);

    const duplicate = await upload(operator, serviceId, 'PARTNER ROOT', b64(root.pem));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(Messages.externalCaNameTaken('PARTNER ROOT'));
    expect(await storedCount(serviceId)).toBe(before);

    const [refusal] = await queryRows<{ outcome: string; target: string }>(
      t.database.db,
      sql`select outcome, target from audit_events where action = 'cryptoverse.external_ca_create' and target = 'leaf PEM'`,
    );
    expect(refusal).toEqual({ outcome: 'refused', target: 'leaf PEM' });
  });

  it('lists by name, archives and unarchives, and filters the unarchived', async () => {
    const { serviceId: listed } = await seedService(t.database.db, acme.accountId, {
      name: 'Cryptoverse lists',
      members: [{ userId: acme.userIds['acme-operator']! }],
    });
    const visitor = await operatorOn('acme-operator', listed);
    const ids: Record<string, string> = {};
    for (const name of ['zeta', 'Alpha', 'beta']) {
      const ca = opensslCa(`${name} CA`);
      ids[name] = externalCaResponse.parse((await upload(visitor, listed, name, b64(ca.pem))).json()).data.id;
    }
    expect(await listNames(visitor, listed)).toEqual(['Alpha', 'beta', 'zeta']);
    expect(await listNames(visitor, listed, '?order=desc')).toEqual(['zeta', 'beta', 'Alpha']);

    const archived = await archive(visitor, listed, ids.beta!, true);
    expect(archived.statusCode).toBe(200);
    expect(externalCaResponse.parse(archived.json()).data).toMatchObject({ name: 'beta', is_archived: true });
    expect(await listNames(visitor, listed, '?archived=false')).toEqual(['Alpha', 'zeta']);
    expect(await listNames(visitor, listed, '?archived=true')).toEqual(['beta']);
    expect(externalCasPage.parse((await visitor.get(`${casPath(listed)}?page_size=2`)).json())).toMatchObject({ total: 3 });

    expect((await archive(visitor, listed, ids.beta!, false)).json().data.is_archived).toBe(false);
    expect(await listNames(visitor, listed, '?archived=false')).toEqual(['Alpha', 'beta', 'zeta']);

    const mismatch = await archive(visitor, listed, ids.beta!, true, ids.zeta!);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ id: [Messages.externalCaIdMismatch] });
    expect((await archive(visitor, listed, 'no-such-ca', true)).statusCode).toBe(404);
    // A CA of another service of the same account is not found through this one.
    expect((await operator.get(caPath(serviceId, ids.zeta!))).statusCode).toBe(404);
    expect((await archive(operator, serviceId, ids.zeta!, true)).statusCode).toBe(404);

    const audited = await queryRows<{ target_name: string }>(
      t.database.db,
      sql`select target_name from audit_events where action = 'cryptoverse.external_ca_update' and outcome = 'success' order by id`,
    );
    expect(audited.map((row) => row.target_name)).toEqual(['beta: archived', 'beta: unarchived']);
  });

  it('needs CertManage to see and CertManage Modify to change', async () => {
    const viewer = await operatorOn('acme-viewer', serviceId);
    expect(await listNames(viewer, serviceId)).toContain('Partner Root');
    const [first] = externalCasPage.parse((await viewer.get(casPath(serviceId))).json()).data;
    expect((await viewer.get(caPath(serviceId, first!.id))).statusCode).toBe(200);

    const refusedUpload = await upload(viewer, serviceId, 'Viewer upload', b64(root.pem));
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().message).toBe(Messages.servicePermissionDenied('CertManage', 'Modify'));
    expect((await archive(viewer, serviceId, first!.id, true)).statusCode).toBe(403);

    const { serviceId: noCerts } = await seedService(t.database.db, acme.accountId, {
      name: 'Cryptoverse without certificates',
      groups: [{ name: 'Keys only', permissions: { Key: 'Modify' } }],
      members: [{ userId: acme.userIds['acme-operator']! }],
    });
    const keysOnly = await operatorOn('acme-operator', noCerts);
    expect((await keysOnly.get(casPath(noCerts))).statusCode).toBe(403);

    // Without a service session: the spec's 403 that sends the user back to the service login.
    const sessionless = new Visitor(t.app);
    await sessionless.signIn('acme-operator', PASSWORD);
    const expired = await sessionless.get(casPath(serviceId));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: ErrorCode.serviceSessionRequired, message: Messages.serviceSessionExpired });
  });

  it('keeps tenants apart and refuses services that are not cryptoverse', async () => {
    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const theirs = await seedService(t.database.db, globex.accountId, { name: 'Globex CV', members: [{ userId: globex.userIds['globex-admin']! }] });
    const globexOperator = await operatorOn('globex-admin', theirs.serviceId);
    expect(await listNames(globexOperator, theirs.serviceId)).toEqual([]);
    // Acme's service and its CAs stay out of reach, by the service session check and by row-level security.
    expect((await globexOperator.get(casPath(serviceId))).statusCode).toBe(403);
    expect((await operator.get(casPath(theirs.serviceId))).statusCode).toBe(403);
    const acmeCa = externalCaResponse.parse((await upload(operator, serviceId, 'Acme only', b64(opensslCa('Acme only').pem))).json()).data;
    expect((await globexOperator.get(caPath(theirs.serviceId, acmeCa.id))).statusCode).toBe(404);
    expect((await archive(globexOperator, theirs.serviceId, acmeCa.id, true)).statusCode).toBe(404);
    expect((await operator.get(casPath('not-a-service'))).statusCode).toBe(403);

    const { serviceId: tunnel } = await seedService(t.database.db, acme.accountId, {
      name: 'Tunnel',
      type: 'cryptotunnel',
      members: [{ userId: acme.userIds['acme-operator']! }],
    });
    const tunnelOperator = await operatorOn('acme-operator', tunnel);
    for (const refused of [await tunnelOperator.get(casPath(tunnel)), await upload(tunnelOperator, tunnel, 'Root', b64(root.pem))]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(Messages.notCryptoverseService);
    }
    expect(await storedCount(tunnel)).toBe(0);
  });
});
