import { execFileSync, spawnSync } from 'node:child_process';
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

/** What a run of openssl answered: whether it exited 0, and what it wrote (stdout then stderr). */
export type OpensslVerdict = { ok: boolean; output: string };

function verdict(args: string[], cwd: string): OpensslVerdict {
  const ran = spawnSync(OPENSSL, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { ok: ran.status === 0, output: `${ran.stdout}${ran.stderr}` };
}

/**
 * A PKCS#10 request openssl makes for a fresh key (`openssl req -new -newkey ... -nodes -subj ...`): EC P-256
 * unless rsa is asked for, with subject alternative names when given ('DNS:x', 'IP:y').
 */
export function opensslCsr(subject: string, options: { sans?: string[]; key?: 'ec' | 'rsa' } = {}): { csrPem: string; keyPem: string } {
  return inTempDir((dir) => {
    const key = options.key === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
    const sans = options.sans?.length ? ['-addext', `subjectAltName=${options.sans.join(',')}`] : [];
    run(['req', '-new', ...key, '-nodes', '-subj', subject, ...sans, '-keyout', 'k', '-out', 'r'], dir);
    return { csrPem: readFileSync(join(dir, 'r'), 'utf8'), keyPem: readFileSync(join(dir, 'k'), 'utf8') };
  });
}

/**
 * `openssl verify -CAfile root -untrusted intermediates leaf`, and with crls `-crl_check -CRLfile` each CRL
 * (the leaf's issuer's CRL is checked).
 */
export function opensslVerify(input: { root: string; intermediates?: string[]; leaf: string; crls?: string[]; purpose?: 'sslserver' | 'sslclient' }): OpensslVerdict {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'root.pem'), input.root);
    writeFileSync(join(dir, 'leaf.pem'), input.leaf);
    const args = ['verify', '-CAfile', 'root.pem'];
    if (input.intermediates?.length) {
      writeFileSync(join(dir, 'untrusted.pem'), input.intermediates.join(''));
      args.push('-untrusted', 'untrusted.pem');
    }
    input.crls?.forEach((crl, i) => {
      writeFileSync(join(dir, `crl-${i}.pem`), crl);
      if (i === 0) args.push('-crl_check');
      args.push('-CRLfile', `crl-${i}.pem`);
    });
    if (input.purpose) args.push('-purpose', input.purpose);
    return verdict([...args, 'leaf.pem'], dir);
  });
}

/** `openssl crl -in crl -CAfile issuer -verify -noout -text`: the signature check and the CRL as openssl reads it. */
export function opensslCrlVerify(crl: string | Buffer, issuerPem: string): OpensslVerdict {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'crl'), crl);
    writeFileSync(join(dir, 'issuer.pem'), issuerPem);
    const form = typeof crl === 'string' ? 'PEM' : 'DER';
    return verdict(['crl', '-inform', form, '-in', 'crl', '-CAfile', 'issuer.pem', '-verify', '-noout', '-text'], dir);
  });
}

/** `openssl x509 -noout -text` of a PEM certificate: what a relying party reads in it. */
export function opensslCertificateText(pem: string): string {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'cert.pem'), pem);
    return execFileSync(OPENSSL, ['x509', '-in', 'cert.pem', '-noout', '-text'], { cwd: dir, encoding: 'utf8' });
  });
}
