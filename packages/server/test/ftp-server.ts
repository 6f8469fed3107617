import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { freeTcpPort } from './free-port.ts';

const OPENSSL = '/usr/bin/openssl';

/** A self-signed certificate for 127.0.0.1 made by Debian's openssl. */
export function selfSignedCertificate(commonName = '127.0.0.1'): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'keydeck-ftps-cert-'));
  try {
    execFileSync(
      OPENSSL,
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '2',
        '-subj', `/CN=${commonName}`, '-addext', `subjectAltName=IP:${commonName}`],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ftp-srv logs through bunyan; the tests read outcomes, not its log. */
const quiet = {
  child: () => quiet,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  fatal: () => undefined,
};

/**
 * A real FTP server on 127.0.0.1 (ftp-srv) on a temporary directory, offering explicit TLS (AUTH TLS) when given
 * a certificate; users sign in with their password.
 */
export async function startFtpServer(users: { username: string; password: string }[], tls?: { cert: string; key: string }) {
  const root = mkdtempSync(join(tmpdir(), 'keydeck-ftp-'));
  const port = await freeTcpPort();
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: 40_000,
    pasv_max: 60_000,
    anonymous: false,
    greeting: 'Keydeck test FTP server',
    tls: tls ?? false,
    log: quiet,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (users.some((u) => u.username === username && u.password === password)) resolve({ root });
    else reject(new Error('Invalid username or password'));
  });
  server.on('client-error', () => undefined);
  await server.listen();
  return {
    port,
    root,
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
export type FtpServer = Awaited<ReturnType<typeof startFtpServer>>;
