import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CredentialMessages } from '@keydeck/contract/credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedService } from '../../../server/test/fixtures.ts';
import { opensslCsr } from '../../../server/test/openssl.ts';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;
let csrs: string;

beforeAll(async () => {
  k = await startKeydeck();
  await seedService(k.t.database.db, k.acme.accountId, { name: 'Payments HSM', type: 'rkms', members: [{ userId: k.acme.userIds['acme-admin']! }] });
  operator = await k.credential(['services:read']);
  csrs = join(k.home, 'csrs');
  mkdirSync(csrs);
  writeFileSync(join(csrs, 'terminal-0001.csr'), opensslCsr('/CN=terminal-0001.example').csrPem);
});
afterAll(() => k.close());

const inService = (args: string[]) => k.run([...args, '--service', 'Payments HSM'], { env: k.envOf(operator) });

describe('keydeck certificates', () => {
  it("reaches the service's CAs through a service session, which the server refuses an API credential, in its words (exit 3)", async () => {
    const commands = [['certificates', 'cas'], ['certificates', 'issue', '--ca', 'Terminal CA', csrs], ['certificates', 'revoke', '5A:1F:03:9C'], ['certificates', 'crl', '--ca', 'Terminal CA']];
    for (const args of commands) {
      const { code, stdout, stderr } = await inService(args);
      expect([code, stdout], args.join(' ')).toEqual([3, '']);
      expect(stderr).toBe(`keydeck: ${CredentialMessages.noServiceSession}\n`);
    }
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
