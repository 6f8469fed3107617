import { randomBytes } from 'node:crypto';
import {
  certAuthoritiesDeleteResponse,
  certAuthoritiesResponse,
  certAuthorityCreateResponse,
  certificateIssueResponse,
  certificatesResponse,
  certificatesRevokeResponse,
  type CertAuthority,
} from '@keydeck/contract/certificates';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, ROLE, openInService, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { opensslCertificateText, opensslCrlVerify, opensslCsr, opensslVerify } from '../../../test/openssl.ts';
import { createSoftHsmToken } from '../../../test/softhsm.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';

const KEYSTORES = ['software', 'pkcs11'] as const;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/g;
const blocksOf = (pem: string) => pem.match(PEM_BLOCK) ?? [];
const DAY = 86_400_000;

/** The request with one byte of its signed content changed, as a PEM again: it parses, its signature no longer verifies. */
function tampered(csrPem: string, from: string, to: string): string {
  const der = Buffer.from(csrPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, ''), 'base64');
  const at = der.indexOf(Buffer.from(from));
  expect(at).toBeGreaterThan(0);
  der.write(to, at);
  const body = der.toString('base64').match(/.{1,64}/g)!.join('\n');
  return `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`;
}

describe.each(KEYSTORES)('certificate authorities on the %s keystore', (keystore) => {
  let t: TestApp;
  let token: ReturnType<typeof createSoftHsmToken> | undefined;
  let admin: Visitor;
  let viewer: Visitor;
  let auditor: Visitor;
  let outsider: Visitor;
  /** PEMs as the API hands them out, and the serials issued, by name. */
  const pem: Record<string, string> = {};
  const serial: Record<string, string> = {};

  const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => visitor.call({ method, url, payload });
  const createCa = async (visitor: Visitor, body: object) => {
    const res = await send(visitor, 'POST', ApiPath.certAuthorities, body);
    expect(res.statusCode, res.body).toBe(201);
    return certAuthorityCreateResponse.parse(res.json());
  };
  const casOf = async (visitor: Visitor) => certAuthoritiesResponse.parse((await visitor.get(ApiPath.certAuthorities)).json()).cas;
  const caNamed = async (name: string): Promise<CertAuthority> => (await casOf(admin)).find((ca) => ca.ca_name === name)!;
  const download = async (url: string) => {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const caPem = async (name: string, chain = false) => (await download(`${ApiPath.certAuthorityDownload}?ca=${encodeURIComponent(name)}&chain=${chain}`)).body;
  const crlPem = async (name: string) => (await download(`${ApiPath.certAuthorityCrl}?ca=${encodeURIComponent(name)}`)).body;
  const issue = async (body: object) => {
    const res = await send(admin, 'POST', ApiPath.certificates, body);
    expect(res.statusCode, res.body).toBe(201);
    return certificateIssueResponse.parse(res.json());
  };
  const certificatesOf = async (visitor: Visitor, query = '') => {
    const res = await visitor.get(`${ApiPath.certificates}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return certificatesResponse.parse(res.json());
  };
  const crlNumberOf = (text: string) => Number(/X509v3 CRL Number:\s*\n\s*(\d+)/.exec(text)?.[1]);

  beforeAll(async () => {
    token = keystore === 'pkcs11' ? createSoftHsmToken(`keydeck-ca-${randomBytes(4).toString('hex')}`) : undefined;
    t = await createTestApp(token ? { KEYSTORE: 'pkcs11', PKCS11_LIBRARY: token.library, PKCS11_TOKEN_LABEL: token.tokenLabel, PKCS11_PIN: token.pin } : {});
    const acme = await seedAccount(t.database.db, 'acme', [
      { username: 'acme-admin', roleNames: [ROLE.admin] },
      { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
      { username: 'acme-auditor', roleNames: [ROLE.readOnly] },
    ]);
    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const { serviceId } = await seedService(t.database.db, acme.accountId, {
      type: 'rkms',
      groups: [
        { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
        { name: 'Device operators', permissions: { Device: 'Modify' } },
        { name: 'Certificate auditors', permissions: { CertManage: 'View' } },
      ],
      members: [
        { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
        { userId: acme.userIds['acme-viewer']!, group: 'Device operators' },
        { userId: acme.userIds['acme-auditor']!, group: 'Certificate auditors' },
      ],
    });
    const other = await seedService(t.database.db, globex.accountId, { type: 'rkms', name: 'Globex PKI', members: [{ userId: globex.userIds['globex-admin']! }] });
    admin = await openInService(t, 'acme-admin', acme.userIds['acme-admin']!, serviceId);
    viewer = await openInService(t, 'acme-viewer', acme.userIds['acme-viewer']!, serviceId);
    auditor = await openInService(t, 'acme-auditor', acme.userIds['acme-auditor']!, serviceId);
    outsider = await openInService(t, 'globex-admin', globex.userIds['globex-admin']!, other.serviceId);
  });
  afterAll(async () => {
    await t?.close();
    token?.remove();
  });

  it('creates a root and an intermediate under it, each a CA certificate openssl reads as asked, the intermediate cut at the root’s notAfter', async () => {
    const root = await createCa(admin, {
      ca_name: 'Acme Root',
      key_algorithm: 'EC_P384',
      subject: { common_name: 'Acme Root CA', organization: 'Acme, Inc.', organizational_unit: 'PKI', country: 'de', locality: '', state: 'Berlin' },
      validity_days: 3000,
      path_length: 1,
    });
    expect(root.validity_capped).toBe(false);
    expect(root.ca).toMatchObject({
      ca_name: 'Acme Root', parent: null, depth: 0, key_algorithm: 'EC_P384', keystore, path_length: 1, key_usage: ['keyCertSign', 'cRLSign'],
      status: 'active', certificates_issued: 0, child_cas: 0, validity_days: 3000, crl_number: 0,
    });
    expect(root.ca.subject).toBe('C=DE, ST=Berlin, O=Acme\\, Inc., OU=PKI, CN=Acme Root CA');
    expect(root.ca.issuer).toBe(root.ca.subject);

    const intermediate = await createCa(admin, {
      ca_name: 'Acme Issuing',
      parent: 'Acme Root',
      key_algorithm: 'RSA_2048',
      subject: { common_name: 'Acme Issuing CA 1', organization: 'Acme, Inc.' },
      validity_days: 9000,
      key_usage: ['digitalSignature', 'keyCertSign', 'cRLSign'],
    });
    expect(intermediate.validity_capped).toBe(true);
    expect(intermediate.ca).toMatchObject({ parent: 'Acme Root', depth: 1, path_length: 0, issuer: root.ca.subject, not_after: root.ca.not_after });
    expect(intermediate.ca.key_usage).toEqual(['keyCertSign', 'cRLSign', 'digitalSignature']);

    pem.root = await caPem('Acme Root');
    pem.intermediate = await caPem('Acme Issuing');
    const rootText = opensslCertificateText(pem.root);
    expect(rootText).toMatch(/Public Key Algorithm: id-ecPublicKey[\s\S]*NIST CURVE: P-384/);
    expect(rootText).toContain('Signature Algorithm: ecdsa-with-SHA384');
    expect(rootText).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE, pathlen:1/);
    expect(rootText).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign, CRL Sign/);
    const intermediateText = opensslCertificateText(pem.intermediate);
    expect(intermediateText).toMatch(/Public-Key: \(2048 bit\)/);
    expect(intermediateText).toContain('Signature Algorithm: ecdsa-with-SHA384'); // signed by the root's P-384 key
    expect(intermediateText).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE, pathlen:0/);
    expect(intermediateText).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Certificate Sign, CRL Sign/);
    expect(opensslVerify({ root: pem.root, leaf: pem.intermediate })).toEqual({ ok: true, output: 'leaf.pem: OK\n' });

    const chain = await download(`${ApiPath.certAuthorityDownload}?ca=${encodeURIComponent('Acme Issuing')}&chain=true`);
    expect(chain.headers['content-type']).toBe('application/x-pem-file');
    expect(chain.headers['content-disposition']).toBe('attachment; filename="Acme-Issuing-chain.pem"');
    expect(blocksOf(chain.body)).toEqual([pem.intermediate, pem.root]);

    expect((await casOf(admin)).map((ca) => [ca.ca_name, ca.parent, ca.depth, ca.child_cas])).toEqual([
      ['Acme Root', null, 0, 1],
      ['Acme Issuing', 'Acme Root', 1, 0],
    ]);
  });

  it('refuses a CA whose parent allows none below it, is of another tenant or does not exist, a name taken, and a key that cannot sign CRLs', async () => {
    const base = { key_algorithm: 'EC_P256', subject: { common_name: 'Too deep' }, validity_days: 365 };
    const tooDeep = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'Too deep', parent: 'Acme Issuing' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().errors).toEqual({ parent: [Messages.caPathLengthExhausted('Acme Issuing')] });
    const tooLong = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'Too long', parent: 'Acme Root', path_length: 3 });
    expect(tooLong.json().errors).toEqual({ path_length: [Messages.caPathLengthTooLong('Acme Root', 0)] });

    await createCa(outsider, { ca_name: 'Globex Root', key_algorithm: 'EC_P256', subject: { common_name: 'Globex Root CA' }, validity_days: 365 });
    const foreign = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'Under Globex', parent: 'Globex Root' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ parent: [Messages.caUnknown('Globex Root')] });

    const taken = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'acme root' });
    expect(taken.json().errors).toEqual({ ca_name: [Messages.caExists('acme root')] });
    const noCrl = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'No CRL', key_usage: ['keyCertSign'] });
    expect(noCrl.statusCode).toBe(400);
    expect(Object.keys(noCrl.json().errors)).toEqual(['key_usage']);
    const badCountry = await send(admin, 'POST', ApiPath.certAuthorities, { ...base, ca_name: 'Bad country', subject: { common_name: 'x', country: 'Germany' } });
    expect(Object.keys(badCountry.json().errors)).toEqual(['subject.country']);
    expect((await casOf(admin)).map((ca) => ca.ca_name)).toEqual(['Acme Root', 'Acme Issuing']);
  });

  it('issues a certificate from an openssl-made CSR that openssl verifies against its chain, with the CSR’s subject and SANs', async () => {
    const { csrPem } = opensslCsr('/O=Acme/CN=shop.acme.test', { sans: ['DNS:shop.acme.test', 'DNS:www.acme.test', 'IP:10.0.0.5'] });
    const issued = await issue({ ca: 'Acme Issuing', csr: csrPem, validity_days: 90, extended_key_usage: ['serverAuth', 'clientAuth'] });
    expect(issued.validity_capped).toBe(false);
    expect(issued.certificate).toMatchObject({
      subject: 'O=Acme, CN=shop.acme.test',
      sans: ['DNS:shop.acme.test', 'DNS:www.acme.test', 'IP:10.0.0.5'],
      ca: 'Acme Issuing',
      issuer: 'O=Acme\\, Inc., CN=Acme Issuing CA 1',
      key_algorithm: 'EC P-256',
      extended_key_usage: ['serverAuth', 'clientAuth'],
      status: 'valid',
      revoked_at: null,
      issued_by: 'acme-admin',
    });
    const days = (Date.parse(issued.certificate.not_after) - Date.parse(issued.certificate.not_before)) / DAY;
    expect(days).toBe(90);
    expect(issued.certificate.serial).toMatch(/^[0-7][0-9A-F]{31}$/);
    serial.shop = issued.certificate.serial;
    pem.shop = issued.pem;

    const verified = opensslVerify({ root: pem.root!, intermediates: [pem.intermediate!], leaf: pem.shop, purpose: 'sslserver' });
    expect(verified, verified.output).toEqual({ ok: true, output: 'leaf.pem: OK\n' });
    expect(opensslVerify({ root: pem.root!, intermediates: [pem.intermediate!], leaf: pem.shop, purpose: 'sslclient' }).ok).toBe(true);
    const text = opensslCertificateText(pem.shop);
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(text).toMatch(/X509v3 Extended Key Usage:\s+TLS Web Server Authentication, TLS Web Client Authentication/);
    expect(text).toMatch(/X509v3 Subject Alternative Name:\s+DNS:shop.acme.test, DNS:www.acme.test, IP Address:10.0.0.5/);
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
    expect(text).toContain(`Serial Number:\n            ${serial.shop.toLowerCase().match(/../g)!.join(':')}`);

    const withChain = await download(`${ApiPath.certificateDownload}?serial=${serial.shop}&chain=true`);
    expect(withChain.headers['content-disposition']).toBe(`attachment; filename="${serial.shop}-chain.pem"`);
    expect(blocksOf(withChain.body)).toEqual([pem.shop, pem.intermediate, pem.root]);
    // Serials as openssl prints them are accepted too.
    const alone = await download(`${ApiPath.certificateDownload}?serial=${encodeURIComponent(serial.shop.match(/../g)!.join(':').toLowerCase())}`);
    expect(alone.body).toBe(pem.shop);
  });

  it('issues from an RSA CSR at the root, with the key usage of an RSA key, its validity cut at the CA’s notAfter', async () => {
    const { csrPem } = opensslCsr('/CN=vpn.acme.test', { key: 'rsa' });
    const issued = await issue({ ca: 'Acme Root', csr: csrPem, validity_days: 3650, extended_key_usage: ['clientAuth'] });
    expect(issued.validity_capped).toBe(true);
    expect(issued.certificate.not_after).toBe((await caNamed('Acme Root')).not_after);
    expect(issued.certificate).toMatchObject({ key_algorithm: 'RSA 2048', sans: [], extended_key_usage: ['clientAuth'] });
    serial.vpn = issued.certificate.serial;
    pem.vpn = issued.pem;
    const verified = opensslVerify({ root: pem.root!, leaf: pem.vpn, purpose: 'sslclient' });
    expect(verified.ok, `${verified.output}\n${opensslCertificateText(pem.vpn)}\n${opensslCertificateText(pem.root!)}`).toBe(true);
    expect(opensslCertificateText(pem.vpn)).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Key Encipherment/);
    // A second certificate from the intermediate, to stay valid after the first is revoked.
    const spare = await issue({ ca: 'Acme Issuing', csr: opensslCsr('/CN=api.acme.test', { sans: ['DNS:api.acme.test'] }).csrPem, validity_days: 30 });
    expect(spare.certificate.extended_key_usage).toEqual(['serverAuth']);
    serial.api = spare.certificate.serial;
    pem.api = spare.pem;
  });

  it('refuses a malformed CSR, one whose signature does not verify, several at once, and a CA that is not the service’s', async () => {
    const refusal = async (body: object) => {
      const res = await send(admin, 'POST', ApiPath.certificates, { ca: 'Acme Issuing', validity_days: 30, ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await refusal({ csr: 'hello' })).toEqual({ csr: [Messages.csrMalformed] });
    expect(await refusal({ csr: '-----BEGIN CERTIFICATE REQUEST-----\nMIIBnotreally==\n-----END CERTIFICATE REQUEST-----\n' })).toEqual({ csr: [Messages.csrMalformed] });
    expect(await refusal({ csr: pem.shop })).toEqual({ csr: [Messages.csrMalformed] });
    const { csrPem } = opensslCsr('/CN=tamper.acme.test');
    expect(await refusal({ csr: tampered(csrPem, 'tamper', 'hamper') })).toEqual({ csr: [Messages.csrSignatureInvalid] });
    expect(await refusal({ csr: `${csrPem}\n${csrPem}` })).toEqual({ csr: [Messages.csrSeveral] });
    expect(await refusal({ csr: csrPem, ca: 'Globex Root' })).toEqual({ ca: [Messages.caUnknown('Globex Root')] });
    expect(await refusal({ csr: csrPem, validity_days: 0 })).toHaveProperty('validity_days');
    expect((await certificatesOf(admin)).total).toBe(3);
  });

  it('refuses to issue from, or create an intermediate under, a CA whose certificate has expired', async () => {
    await createCa(admin, { ca_name: 'Old Root', key_algorithm: 'EC_P256', subject: { common_name: 'Old Root CA' }, validity_days: 30 });
    // Its validity run out: the server goes by the CA's notAfter, as a relying party would.
    await queryRows(t.database.db, sql`update certificate_authorities set not_after = now() - interval '1 day' where name = 'Old Root'`);
    expect((await caNamed('Old Root')).status).toBe('expired');
    const issued = await send(admin, 'POST', ApiPath.certificates, { ca: 'Old Root', csr: opensslCsr('/CN=late.acme.test').csrPem, validity_days: 30 });
    expect([issued.statusCode, issued.json().errors]).toEqual([400, { ca: [Messages.caExpired('Old Root')] }]);
    const below = await send(admin, 'POST', ApiPath.certAuthorities, { ca_name: 'Late Issuing', parent: 'Old Root', key_algorithm: 'EC_P256', subject: { common_name: 'Late' }, validity_days: 10 });
    expect([below.statusCode, below.json().errors]).toEqual([400, { parent: [Messages.caExpired('Old Root')] }]);
    await queryRows(t.database.db, sql`delete from certificate_authorities where name = 'Old Root'`); // out of the later tests' counts
  });

  it('lists certificates with paging and filters by CA, status and search', async () => {
    const all = await certificatesOf(admin, '?page_size=100');
    expect(all.data.map((c) => c.subject)).toEqual(['CN=api.acme.test', 'CN=vpn.acme.test', 'O=Acme, CN=shop.acme.test']);
    const second = await certificatesOf(admin, '?page=2&page_size=2');
    expect([second.total, second.data.map((c) => c.serial)]).toEqual([3, [serial.shop]]);
    expect((await certificatesOf(admin, `?ca=${encodeURIComponent('Acme Root')}`)).data.map((c) => c.serial)).toEqual([serial.vpn]);
    expect((await certificatesOf(admin, '?search=WWW.acme')).data.map((c) => c.serial)).toEqual([serial.shop]);
    expect((await certificatesOf(admin, `?search=${serial.api!.slice(0, 12).toLowerCase()}`)).data.map((c) => c.serial)).toEqual([serial.api]);
    expect((await certificatesOf(admin, '?order_by=not_after&order=desc')).data[0]!.serial).toBe(serial.vpn);
    expect((await certificatesOf(admin, '?status=revoked')).total).toBe(0);
    expect((await admin.get(`${ApiPath.certificates}?ca=Nowhere`)).statusCode).toBe(404);
    expect((await casOf(admin)).map((ca) => [ca.ca_name, ca.certificates_issued, ca.unexpired_certificates])).toEqual([
      ['Acme Root', 1, 1],
      ['Acme Issuing', 2, 2],
    ]);
  });

  it('revokes a certificate with a reason; the CA’s new CRL, with a higher number, lists it and openssl verifies it and reports the leaf revoked', async () => {
    const before = await crlPem('Acme Issuing');
    const first = opensslCrlVerify(before, pem.intermediate!);
    expect(first.ok, first.output).toBe(true);
    expect(first.output).toContain('verify OK');
    expect(first.output).toContain('No Revoked Certificates.');
    const firstNumber = crlNumberOf(first.output);
    expect(firstNumber).toBeGreaterThanOrEqual(1);
    expect(await crlPem('Acme Issuing')).toBe(before); // kept, not signed again

    const revoked = certificatesRevokeResponse.parse((await send(admin, 'POST', ApiPath.certificateRevoke, { serials: [serial.shop, 'ABCDEF'], reason: 'keyCompromise' })).json());
    expect(revoked.results).toEqual([
      { name: serial.shop, success: true, message: Messages.certificateRevoked(serial.shop!) },
      { name: 'ABCDEF', success: false, message: Messages.certificateRevokeFailed('ABCDEF', Messages.certificateUnknown('ABCDEF')) },
    ]);
    const again = certificatesRevokeResponse.parse((await send(admin, 'POST', ApiPath.certificateRevoke, { serials: [serial.shop] })).json());
    expect(again.results[0]!.message).toMatch(new RegExp(`^Unable to revoke certificate ${serial.shop}: Certificate ${serial.shop} was already revoked on \\d{4}-\\d{2}-\\d{2}\\.$`));

    const crl = await crlPem('Acme Issuing');
    const checked = opensslCrlVerify(crl, pem.intermediate!);
    expect(checked.ok, checked.output).toBe(true);
    expect(crlNumberOf(checked.output)).toBe(firstNumber + 1);
    expect(checked.output).toContain(`Serial Number: ${serial.shop}`);
    expect(checked.output).toMatch(/CRL Reason Code:\s+Key Compromise/);
    expect(checked.output).toMatch(/Next Update: /);
    // The CRL does not verify under another CA's key.
    expect(opensslCrlVerify(crl, pem.root!).ok).toBe(false);

    const leafRevoked = opensslVerify({ root: pem.root!, intermediates: [pem.intermediate!], leaf: pem.shop!, crls: [crl] });
    expect(leafRevoked.ok).toBe(false);
    expect(leafRevoked.output).toContain('certificate revoked');
    const stillGood = opensslVerify({ root: pem.root!, intermediates: [pem.intermediate!], leaf: pem.api!, crls: [crl] });
    expect(stillGood, stillGood.output).toEqual({ ok: true, output: 'leaf.pem: OK\n' });

    const der = await download(`${ApiPath.certAuthorityCrl}?ca=${encodeURIComponent('Acme Issuing')}&format=der`);
    expect(der.headers['content-type']).toBe('application/pkix-crl');
    expect(der.headers['content-disposition']).toBe('attachment; filename="Acme-Issuing.crl"');
    const derChecked = opensslCrlVerify(der.rawPayload, pem.intermediate!);
    expect(derChecked.ok, derChecked.output).toBe(true);
    expect(crlNumberOf(derChecked.output)).toBe(firstNumber + 1);

    const listed = await certificatesOf(admin, '?status=revoked');
    expect(listed.data.map((c) => [c.serial, c.status, c.revocation_reason])).toEqual([[serial.shop, 'revoked', 'keyCompromise']]);
    expect((await certificatesOf(admin, '?status=valid')).total).toBe(2);
    expect((await caNamed('Acme Issuing')).crl_number).toBe(firstNumber + 1);
    // The root's own CRL is another list, signed by the root.
    const rootCrl = opensslCrlVerify(await crlPem('Acme Root'), pem.root!);
    expect(rootCrl.ok, rootCrl.output).toBe(true);
    expect(rootCrl.output).toContain('No Revoked Certificates.');
  });

  it('deletes a CA on its own words: refuses one with CAs under it, asks to confirm one with unexpired certificates, and audits it', async () => {
    await createCa(admin, { ca_name: 'Spare Root', key_algorithm: 'EC_P256', subject: { common_name: 'Spare' }, validity_days: 30 });
    const first = certAuthoritiesDeleteResponse.parse((await send(admin, 'DELETE', ApiPath.certAuthorities, { cas: ['Acme Root', 'Acme Issuing', 'Spare Root', 'Ghost'] })).json());
    expect(first.results).toEqual([
      { name: 'Acme Root', success: false, message: 'Unable to delete certificate authority', reason: Messages.caHasChildren('Acme Root', 1), confirmation_required: false },
      { name: 'Acme Issuing', success: false, message: 'Unable to delete certificate authority', reason: Messages.caHasUnexpiredCertificates('Acme Issuing', 2), confirmation_required: true },
      { name: 'Spare Root', success: true, message: 'Successfully deleted certificate authority', reason: null, confirmation_required: false },
      { name: 'Ghost', success: false, message: 'Unable to delete certificate authority', reason: Messages.caUnknown('Ghost'), confirmation_required: false },
    ]);

    // A tree of its own, deleted at once with confirm: the CA under it goes first, then the root.
    await createCa(admin, { ca_name: 'Temp Root', key_algorithm: 'EC_P256', subject: { common_name: 'Temp Root' }, validity_days: 30 });
    await createCa(admin, { ca_name: 'Temp Issuing', parent: 'Temp Root', key_algorithm: 'EC_P256', subject: { common_name: 'Temp Issuing' }, validity_days: 30 });
    const temp = await issue({ ca: 'Temp Issuing', csr: opensslCsr('/CN=temp.acme.test').csrPem, validity_days: 10 });
    const confirmed = certAuthoritiesDeleteResponse.parse((await send(admin, 'DELETE', ApiPath.certAuthorities, { cas: ['Temp Root', 'Temp Issuing'], confirm: true })).json());
    expect(confirmed.results.map((r) => [r.name, r.message])).toEqual([
      ['Temp Root', Messages.caDeleted],
      ['Temp Issuing', Messages.caDeleted],
    ]);
    expect((await casOf(admin)).map((ca) => ca.ca_name)).toEqual(['Acme Root', 'Acme Issuing']);
    expect((await admin.get(`${ApiPath.certificateDownload}?serial=${temp.certificate.serial}`)).statusCode).toBe(404);
    const audit = await queryRows<{ target: string }>(t.database.db, sql`select target from audit_events where action = 'cert_authority.delete' order by id`);
    expect(audit.map((a) => a.target)).toEqual([
      expect.stringMatching(/: Acme Root \(serial [0-9A-F]+, .+\), Acme Issuing \(serial [0-9A-F]+, .+\), Spare Root \(serial [0-9A-F]+, 0 unexpired certificates\) \+1 more$/),
      expect.stringMatching(/: Temp Root \(serial [0-9A-F]+, 0 unexpired certificates\) confirmed, Temp Issuing \(serial [0-9A-F]+, 1 unexpired certificate\) confirmed$/),
    ]);
  });

  it('shows CAs and certificates only to the CertManage category, changes them only at Modify, and nothing across tenants', async () => {
    expect((await viewer.get(ApiPath.certAuthorities)).statusCode).toBe(403);
    expect((await viewer.get(ApiPath.certificates)).statusCode).toBe(403);
    expect((await viewer.get(`${ApiPath.certAuthorityCrl}?ca=Acme%20Root`)).statusCode).toBe(403);
    expect((await auditor.get(ApiPath.certAuthorities)).statusCode).toBe(200);
    expect((await auditor.get(`${ApiPath.certificateDownload}?serial=${serial.api}`)).statusCode).toBe(200);
    const readOnly = await send(auditor, 'POST', ApiPath.certificateRevoke, { serials: [serial.api] });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe(Messages.servicePermissionDenied('CertManage', 'Modify'));
    expect((await send(auditor, 'POST', ApiPath.certAuthorities, { ca_name: 'Nope', subject: { common_name: 'Nope' }, validity_days: 1 })).statusCode).toBe(403);
    expect((await send(viewer, 'DELETE', ApiPath.certAuthorities, { cas: ['Acme Root'] })).statusCode).toBe(403);

    expect((await casOf(outsider)).map((ca) => ca.ca_name)).toEqual(['Globex Root']);
    expect((await outsider.get(ApiPath.certificates)).json()).toEqual({ data: [], total: 0, total_capped: false, next_cursor: null, prev_cursor: null });
    expect((await outsider.get(`${ApiPath.certificateDownload}?serial=${serial.api}`)).statusCode).toBe(404);
    expect((await outsider.get(`${ApiPath.certAuthorityCrl}?ca=${encodeURIComponent('Acme Issuing')}`)).statusCode).toBe(404);
    expect((await outsider.get(`${ApiPath.certAuthorityDownload}?ca=${encodeURIComponent('Acme Root')}`)).statusCode).toBe(404);
    const stolen = certificatesRevokeResponse.parse((await send(outsider, 'POST', ApiPath.certificateRevoke, { serials: [serial.api] })).json());
    expect(stolen.results[0]!.success).toBe(false);
    const gone = certAuthoritiesDeleteResponse.parse((await send(outsider, 'DELETE', ApiPath.certAuthorities, { cas: ['Acme Issuing'], confirm: true })).json());
    expect(gone.results[0]).toMatchObject({ success: false, reason: Messages.caUnknown('Acme Issuing') });
    const issued = await send(outsider, 'POST', ApiPath.certificates, { ca: 'Acme Issuing', csr: opensslCsr('/CN=evil.test').csrPem });
    expect(issued.json().errors).toEqual({ ca: [Messages.caUnknown('Acme Issuing')] });
    expect((await certificatesOf(admin, '?status=valid')).data.map((c) => c.serial)).toContain(serial.api);
  });

  it('audits every operation with serials and CA names, and keeps keys out of the database and the audit log', async () => {
    const audit = await queryRows<{ action: string; target: string; outcome: string }>(
      t.database.db,
      sql`select action, coalesce(target, '') as target, outcome from audit_events where action like 'cert_authority.%' or action like 'certificate.%' order by id`,
    );
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set(['cert_authority.create', 'cert_authority.delete', 'cert_authority.download', 'cert_authority.crl', 'certificate.issue', 'certificate.revoke', 'certificate.download']),
    );
    expect(audit.find((a) => a.action === 'certificate.issue' && a.outcome === 'success')?.target).toContain(`serial ${serial.shop} (O=Acme, CN=shop.acme.test) by CA Acme Issuing`);
    expect(audit.find((a) => a.action === 'certificate.revoke' && a.target.includes(serial.shop!))?.target).toContain(`${serial.shop} (O=Acme, CN=shop.acme.test, CA Acme Issuing) keyCompromise`);
    expect(audit.find((a) => a.action === 'cert_authority.crl' && a.target.includes('newly signed'))?.target).toMatch(/Acme Issuing CRL number \d+, newly signed$/);
    expect(audit.find((a) => a.action === 'cert_authority.create' && a.target.includes('Acme Issuing'))?.target).toMatch(/Acme Issuing \(under Acme Root, RSA_2048, serial [0-9A-F]+, until \d{4}-\d{2}-\d{2}\)$/);
    expect(audit.some((a) => a.action === 'certificate.issue' && a.outcome !== 'success')).toBe(true);
    const text = JSON.stringify(audit);
    expect(text).not.toMatch(/PRIVATE KEY|BEGIN|v1\.|pkcs11:/);
    const stored = await queryRows<{ key_ref: string; keystore: string }>(t.database.db, sql`select key_ref, keystore from certificate_authorities`);
    for (const row of stored) {
      expect(row.keystore).toBe(keystore);
      expect(row.key_ref).toMatch(keystore === 'software' ? /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/ : /^pkcs11:keydeck-ca-[0-9a-f]+:[0-9a-f]+$/);
    }
  });

  // Only a token can go away: the software keystore has no counterpart of this.
  if (keystore === 'pkcs11') it('answers 503 and creates nothing when the HSM token goes away', async () => {
    token!.remove();
    const res = await send(admin, 'POST', ApiPath.certAuthorities, { ca_name: 'While away', subject: { common_name: 'Away' }, validity_days: 30 });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(Messages.keystoreUnavailable);
    const issued = await send(admin, 'POST', ApiPath.certificates, { ca: 'Acme Issuing', csr: opensslCsr('/CN=away.acme.test').csrPem });
    expect(issued.statusCode).toBe(503);
    expect((await casOf(admin)).map((ca) => ca.ca_name)).toEqual(['Acme Root', 'Acme Issuing']);
    expect((await certificatesOf(admin)).total).toBe(3);
  });
});
