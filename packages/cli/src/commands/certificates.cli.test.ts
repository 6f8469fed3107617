import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificatesApi } from '@keydeck/contract/certificates.api';
import { serviceSessionsApi } from '@keydeck/contract/service-sessions.api';
import { servicesApi } from '@keydeck/contract/services.api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opensslCrlVerify, opensslCsr, opensslVerify } from '../../../server/test/openssl.ts';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;
let csrs: string;
let serviceId: string;

beforeAll(async () => {
  k = await startKeydeck();
  ({ serviceId } = await k.ownersService('Payments HSM', 'rkms'));
  operator = await k.credential(['services:read']);
  csrs = join(k.home, 'csrs');
  mkdirSync(csrs);
  writeFileSync(join(csrs, 'terminal-0001.csr'), opensslCsr('/CN=terminal-0001.example').csrPem);
});
afterAll(() => k.close());

const inService = (args: string[]) => k.run([...args, '--service', 'Payments HSM'], { env: k.envOf(operator) });

describe('keydeck certificates', () => {
  it('issues a certificate for every request of a directory, which openssl verifies under the CA; revokes one and the CRL lists it', async () => {
    // The CA, made in the console by its administrator.
    const pki = k.admin;
    await pki.of(servicesApi).selectCurrentService({ body: { service_id: serviceId } });
    await pki.of(serviceSessionsApi).serviceLogin({ params: { service_id: serviceId } });
    await pki.of(certificatesApi).createCertAuthority({ body: { ca_name: 'Terminal CA', key_algorithm: 'EC_P384', subject: { common_name: 'Terminal CA' }, validity_days: 3000 } });
    const root = await pki.of(certificatesApi).downloadCertAuthority({ query: { ca: 'Terminal CA', chain: 'false' } });

    const cas = await inService(['certificates', 'cas', '--output', 'csv']);
    expect(cas.code, cas.stderr).toBe(0);
    expect(cas.stdout).toContain('Terminal CA');
    writeFileSync(join(csrs, 'terminal-0002.pem'), opensslCsr('/CN=terminal-0002.example').csrPem);
    const issued = await inService(['certificates', 'issue', '--ca', 'Terminal CA', csrs]);
    expect(issued.code, issued.stderr).toBe(0);
    for (const name of ['terminal-0001', 'terminal-0002']) {
      expect(opensslVerify({ root, leaf: readFileSync(join(csrs, `${name}.crt`), 'utf8') }).ok, name).toBe(true);
    }

    const serial = execFileSync('/usr/bin/openssl', ['x509', '-noout', '-serial', '-in', join(csrs, 'terminal-0001.crt')], { encoding: 'utf8' }).trim().replace('serial=', '');
    const revoked = await inService(['certificates', 'revoke', serial, '--reason', 'keyCompromise']);
    expect(revoked.code, revoked.stderr).toBe(0);
    const crl = await inService(['certificates', 'crl', '--ca', 'Terminal CA']);
    expect(crl.code, crl.stderr).toBe(0);
    expect(opensslCrlVerify(crl.stdout, root).ok).toBe(true);
    const text = execFileSync('/usr/bin/openssl', ['crl', '-noout', '-text'], { input: crl.stdout, encoding: 'utf8' });
    expect(text.replace(/\s/g, '')).toContain(`SerialNumber:${serial}`);
  });

  it('refuses before sending what cannot be sent: no such path, a directory without requests, a bad --out-dir, a bad serial', async () => {
    const missing = await inService(['certificates', 'issue', '--ca', 'Terminal CA', join(k.home, 'nowhere')]);
    expect([missing.code, missing.stderr]).toEqual([2, `keydeck: No such file or directory: ${join(k.home, 'nowhere')}\n`]);
    const empty = join(k.home, 'empty');
    mkdirSync(empty);
    const none = await inService(['certificates', 'issue', '--ca', 'Terminal CA', empty]);
    expect([none.code, none.stderr]).toEqual([2, `keydeck: ${empty} holds no *.csr or *.pem file\n`]);
    const outDir = await inService(['certificates', 'issue', '--ca', 'Terminal CA', csrs, '--out-dir', join(csrs, 'terminal-0001.csr')]);
    expect([outDir.code, outDir.stderr]).toEqual([2, `keydeck: --out-dir ${join(csrs, 'terminal-0001.csr')} is not a directory\n`]);
    const serial = await inService(['certificates', 'revoke', 'not-hex']);
    expect([serial.code, serial.stderr]).toEqual([2, 'keydeck: serials.0: A serial number is up to 40 hex digits\n']);
    const reason = await inService(['certificates', 'revoke', '5A1F', '--reason', 'tired']);
    expect(reason.code).toBe(2);
    expect(reason.stderr).toContain('Allowed choices are unspecified, keyCompromise');
  });

  it('documents where the certificates go, with examples, in --help', async () => {
    const { code, stdout } = await k.run(['certificates', 'issue', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Each certificate is written as NAME.crt (PEM) beside its request NAME.csr, or in --out-dir');
    expect(stdout).toContain('$ keydeck certificates issue --ca "Terminal CA" ./csrs --out-dir ./certs');
  });
});
