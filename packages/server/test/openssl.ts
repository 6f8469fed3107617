import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const OPENSSL = '/usr/bin/openssl';

/** A certificate made by Debian's openssl, an implementation independent of the server's, in both encodings. */
export type OpensslCertificate = { pem: string; der: Buffer; sha256Fingerprint: string };
export type OpensslCa = OpensslCertificate & { keyPem: string };

function run(args: string[], cwd: string): void {
  execFileSync(OPENSSL, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function inTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-openssl-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readCertificate(dir: string, file: string): OpensslCertificate {
  run(['x509', '-in', file, '-outform', 'DER', '-out', 'cert.der'], dir);
  const fingerprint = execFileSync(OPENSSL, ['x509', '-in', file, '-noout', '-fingerprint', '-sha256'], { cwd: dir, encoding: 'utf8' });
  return {
    pem: readFileSync(join(dir, file), 'utf8'),
    der: readFileSync(join(dir, 'cert.der')),
    sha256Fingerprint: fingerprint.trim().replace(/^.*=/, ''),
  };
}

/** A self-signed root CA (basicConstraints critical, CA:TRUE) with a P-256 key. */
export function opensslCa(commonName: string, days = 3650): OpensslCa {
  return inTempDir((dir) => {
    run(
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem',
        '-days', String(days), '-subj', `/O=Keydeck Tests/CN=${commonName}`,
        '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
      dir,
    );
    return { ...readCertificate(dir, 'ca.pem'), keyPem: readFileSync(join(dir, 'ca.key'), 'utf8') };
  });
}

/** A certificate issued by `issuer`: a leaf (CA:FALSE) unless `ca` asks for an intermediate CA. */
export function opensslIssued(issuer: OpensslCa, commonName: string, options: { ca?: boolean } = {}): OpensslCertificate {
  return inTempDir((dir) => {
    const constraints = options.ca ? 'basicConstraints=critical,CA:TRUE' : 'basicConstraints=critical,CA:FALSE';
    writeFileSync(join(dir, 'issuer.pem'), issuer.pem);
    writeFileSync(join(dir, 'issuer.key'), issuer.keyPem);
    writeFileSync(join(dir, 'ext.cnf'), `${constraints}\n`);
    run(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr',
      '-subj', `/O=Keydeck Tests/CN=${commonName}`], dir);
    run(['x509', '-req', '-in', 'leaf.csr', '-CA', 'issuer.pem', '-CAkey', 'issuer.key', '-CAcreateserial', '-days', '365',
      '-extfile', 'ext.cnf', '-out', 'leaf.pem'], dir);
    return readCertificate(dir, 'leaf.pem');
  });
}
