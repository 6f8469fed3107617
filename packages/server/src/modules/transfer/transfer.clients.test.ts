import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate, startFtpServer, type FtpServer } from '../../../test/ftp-server.ts';
import { sshKeygen, startSftpServer, type SftpServer } from '../../../test/sftp-server.ts';
import { EgressRefused, egressAllowed, type Egress } from '../../platform/egress-policy.ts';
import { describeKey, onRemote, type Remote } from './transfer.clients.ts';

/** The egress policy as a platform administrator set it for the tests: loopback allowed, the rest as by default. */
const egress: Egress = {
  resolve: async (host, port) => {
    if (!egressAllowed(host, port, ['127.0.0.1/32'], [])) throw new EgressRefused('refused by the egress policy');
    return { address: host, family: 4 };
  },
};
const QUICK = { connectMs: 2_000, totalMs: 3_000 };

let sftp: SftpServer;
let ftp: FtpServer;
let ftps: FtpServer;
const clientKey = sshKeygen('ed25519');
const certificate = selfSignedCertificate();

beforeAll(async () => {
  sftp = await startSftpServer([{ username: 'reports', password: 'sftp-secret' }, { username: 'keyed', publicKey: clientKey.publicKey }]);
  mkdirSync(join(sftp.root, 'inbox'));
  ftp = await startFtpServer([{ username: 'ftpuser', password: 'ftp-secret' }]);
  ftps = await startFtpServer([{ username: 'ftpuser', password: 'ftp-secret' }], certificate);
});
afterAll(async () => {
  await sftp?.close();
  await ftp?.close();
  await ftps?.close();
});

const sshRemote = (overrides: Partial<Remote> = {}): Remote => ({
  protocol: 'sftp',
  host: '127.0.0.1',
  port: sftp.port,
  username: 'reports',
  auth: 'password',
  secret: 'sftp-secret',
  remoteDirectory: 'inbox',
  caCertificate: null,
  trustedKey: { keyType: 'ssh-ed25519', fingerprint: sftp.hostKey.fingerprint },
  ...overrides,
});

describe('SFTP client', () => {
  it('fingerprints a host key as ssh-keygen -lf does', () => {
    for (const type of ['ed25519', 'ecdsa', 'rsa'] as const) {
      const pair = sshKeygen(type);
      const blob = Buffer.from(pair.publicKey.split(' ')[1]!, 'base64');
      expect(describeKey(blob)).toMatchObject({ fingerprint: pair.fingerprint, keyType: pair.publicKey.split(' ')[0] });
    }
  });

  it('refuses an unknown host key before signing in, and tells its fingerprint', async () => {
    const attempt = await onRemote(sshRemote({ trustedKey: null }), egress, QUICK, (s) => s.list());
    expect(attempt.ok).toBe(false);
    expect(attempt.presented?.fingerprint).toBe(sftp.hostKey.fingerprint);
    if (!attempt.ok) {
      expect(attempt.error.kind).toBe('host_key');
      expect(attempt.error.message).toContain(sftp.hostKey.fingerprint);
    }
  });

  it('lists and uploads with a password or a key once the host key is trusted', async () => {
    const listed = await onRemote(sshRemote(), egress, QUICK, (s) => s.list());
    expect(listed).toMatchObject({ ok: true, value: 0 });
    const uploaded = await onRemote(sshRemote({ username: 'keyed', auth: 'key', secret: clientKey.privateKey }), egress, QUICK, (s) => s.upload('report.csv', Buffer.from('a,b\n1,2\n')));
    expect(uploaded).toMatchObject({ ok: true, value: 'inbox/report.csv' });
    expect(readFileSync(join(sftp.root, 'inbox', 'report.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });

  it('names bad credentials, a missing directory, a closed port and a refused address', async () => {
    const wrong = await onRemote(sshRemote({ secret: 'wrong' }), egress, QUICK, (s) => s.list());
    expect(wrong.ok || wrong.error.kind).toBe('auth');
    const missing = await onRemote(sshRemote({ remoteDirectory: 'nowhere' }), egress, QUICK, (s) => s.list());
    expect(missing.ok || missing.error.kind).toBe('directory');
    const closed = await onRemote(sshRemote({ port: 9 }), egress, QUICK, (s) => s.list());
    expect(closed.ok || closed.error.message).toBe('Connection refused by 127.0.0.1:9: no server listens there.');
    const internal = await onRemote(sshRemote({ host: '10.1.2.3' }), egress, QUICK, (s) => s.list());
    expect(internal.ok || internal.error.kind).toBe('egress');
  });

  it('gives up on a host that never answers within the bound', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const started = Date.now();
    const attempt = await onRemote(sshRemote({ port: (silent.address() as AddressInfo).port }), egress, QUICK, (s) => s.list());
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(attempt.ok || attempt.error.kind).toBe('timeout');
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('FTP client', () => {
  const ftpRemote = (overrides: Partial<Remote> = {}): Remote => ({
    protocol: 'ftp',
    host: '127.0.0.1',
    port: ftp.port,
    username: 'ftpuser',
    auth: 'password',
    secret: 'ftp-secret',
    remoteDirectory: '.',
    caCertificate: null,
    trustedKey: null,
    ...overrides,
  });

  it('uploads over FTP and FTPS (explicit TLS, the server certificate trusted through its CA)', async () => {
    const plain = await onRemote(ftpRemote(), egress, QUICK, (s) => s.upload('plain.csv', Buffer.from('x\n')));
    expect(plain).toMatchObject({ ok: true, value: 'plain.csv' });
    expect(readFileSync(join(ftp.root, 'plain.csv'), 'utf8')).toBe('x\n');
    const secure = ftpRemote({ protocol: 'ftps', port: ftps.port, caCertificate: certificate.cert });
    const tls = await onRemote(secure, egress, QUICK, (s) => s.upload('secure.csv', Buffer.from('y\n')));
    expect(tls).toMatchObject({ ok: true, value: 'secure.csv' });
    expect(readFileSync(join(ftps.root, 'secure.csv'), 'utf8')).toBe('y\n');
    const listed = await onRemote(secure, egress, QUICK, (s) => s.list());
    expect(listed).toMatchObject({ ok: true, value: 1 });
  });

  it('names bad credentials, a missing directory, an untrusted certificate and a server without TLS', async () => {
    const wrong = await onRemote(ftpRemote({ secret: 'wrong' }), egress, QUICK, (s) => s.list());
    expect(wrong.ok || wrong.error.kind).toBe('auth');
    const missing = await onRemote(ftpRemote({ remoteDirectory: 'nowhere' }), egress, QUICK, (s) => s.list());
    expect(missing.ok || missing.error.kind).toBe('directory');
    const untrusted = await onRemote(ftpRemote({ protocol: 'ftps', port: ftps.port }), egress, QUICK, (s) => s.list());
    expect(untrusted.ok || untrusted.error.kind).toBe('tls');
    const noTls = await onRemote(ftpRemote({ protocol: 'ftps' }), egress, QUICK, (s) => s.list());
    expect(noTls.ok || noTls.error.kind).toBe('tls');
    expect(existsSync(join(ftp.root, 'nowhere'))).toBe(false);
  });
});
