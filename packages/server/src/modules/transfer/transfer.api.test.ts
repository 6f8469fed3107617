import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import {
  hostKeysResponse,
  hostKeysResultResponse,
  TRANSFER_TEST_TIMEOUT_MS,
  transferServersResponse,
  transferServersResultResponse,
  transferTestResponse,
  type TransferServer,
} from '@keydeck/contract/transfer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate, startFtpServer, type FtpServer } from '../../../test/ftp-server.ts';
import { ROLE, openInService, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { sshKeygen, startSftpServer, type SftpServer } from '../../../test/sftp-server.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createEgress } from '../../platform/egress-policy.ts';
import { createSecretBox, newEncryptionKey } from '../../platform/secret-box.ts';
import { deliverFile, TransferError, type TransferDeps } from './transfer-delivery.service.ts';

const ENCRYPTION_KEY = newEncryptionKey();
const SFTP_PASSWORD = 'Sftp-Secret-Password-1';
const FTP_PASSWORD = 'Ftp-Secret-Password-2';
const clientKey = sshKeygen('ed25519');
const keyBody = (pem: string) => pem.split('\n').find((line) => line.length > 40)!;
const certificate = selfSignedCertificate();

let t: TestApp;
let sftp: SftpServer;
let ftp: FtpServer;
let ftps: FtpServer;
let deps: TransferDeps;
let admin: Visitor;
let viewer: Visitor;
let deviceOperator: Visitor;
let outsider: Visitor;
let acme: { accountId: string; serviceId: string };
let globex: { accountId: string; serviceId: string };

const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => visitor.call({ method, url, payload });
const scpList = async (visitor: Visitor = admin, serviceId = acme.serviceId) => {
  const res = await visitor.get(`${ApiPath.scpServers}?service_id=${serviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return transferServersResponse.parse(res.json()).servers;
};
const ftpList = async (visitor: Visitor = admin) => {
  const res = await visitor.get(`${ApiPath.ftpServers}?service_id=${acme.serviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return transferServersResponse.parse(res.json()).servers;
};
const serverNamed = async (name: string): Promise<TransferServer> => [...(await scpList()), ...(await ftpList())].find((s) => s.name === name)!;
const hostKeys = async (visitor: Visitor = admin) => {
  const res = await visitor.get(ApiPath.hostKeys);
  expect(res.statusCode, res.body).toBe(200);
  return hostKeysResponse.parse(res.json()).host_keys;
};
const testServer = async (family: 'scp' | 'ftp', name: string, visitor: Visitor = admin) => {
  const res = await visitor.post(family === 'scp' ? ApiPath.scpServerTest : ApiPath.ftpServerTest, { name });
  expect(res.statusCode, res.body).toBe(200);
  return transferTestResponse.parse(res.json()).test_result;
};
const add = async (family: 'scp' | 'ftp', servers: object[]) => {
  const res = await send(admin, 'POST', family === 'scp' ? ApiPath.scpServers : ApiPath.ftpServers, { servers });
  expect(res.statusCode, res.body).toBe(200);
  return transferServersResultResponse.parse(res.json()).results;
};
const deliver = async (name: string, fileName: string, content: string) =>
  deliverFile(deps, { accountId: acme.accountId, serviceId: acme.serviceId, serverId: (await serverNamed(name)).id }, fileName, content);

beforeAll(async () => {
  t = await createTestApp({ ENCRYPTION_KEY });
  deps = { db: t.database.db, egress: createEgress(t.database.db, [], Messages.egressRefused), secretBox: createSecretBox(ENCRYPTION_KEY) };
  sftp = await startSftpServer([{ username: 'reports', password: SFTP_PASSWORD }, { username: 'keyed', publicKey: clientKey.publicKey }]);
  mkdirSync(join(sftp.root, 'inbox'));
  ftp = await startFtpServer([{ username: 'ftpuser', password: FTP_PASSWORD }]);
  ftps = await startFtpServer([{ username: 'ftpuser', password: FTP_PASSWORD }], certificate);

  // The test servers listen on loopback, which the egress policy closes until a platform administrator opens it.
  const platform = new Visitor(t.app);
  await platform.signIn(ADMIN.username, ADMIN.password);
  expect((await platform.call({ method: 'PUT', url: ApiPath.egressPolicy, payload: { allowed_ranges: ['127.0.0.1/32'] } })).statusCode).toBe(200);

  const a = await seedAccount(t.database.db, 'acme', [
    { username: 'acme-admin', roleNames: [ROLE.admin] },
    { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
    { username: 'acme-devices', roleNames: [ROLE.readOnly] },
  ]);
  const g = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
  const acmeService = await seedService(t.database.db, a.accountId, {
    name: 'Acme exports',
    groups: [
      { name: 'Administrators', permissions: { Host: 'Modify', Log: 'Modify' } },
      { name: 'Host viewers', permissions: { Host: 'View' } },
      { name: 'Device operators', permissions: { Device: 'Modify' } },
    ],
    members: [
      { userId: a.userIds['acme-admin']!, group: 'Administrators' },
      { userId: a.userIds['acme-viewer']!, group: 'Host viewers' },
      { userId: a.userIds['acme-devices']!, group: 'Device operators' },
    ],
  });
  const globexService = await seedService(t.database.db, g.accountId, { name: 'Globex exports', members: [{ userId: g.userIds['globex-admin']! }] });
  acme = { accountId: a.accountId, serviceId: acmeService.serviceId };
  globex = { accountId: g.accountId, serviceId: globexService.serviceId };
  admin = await openInService(t, 'acme-admin', a.userIds['acme-admin']!, acme.serviceId);
  viewer = await openInService(t, 'acme-viewer', a.userIds['acme-viewer']!, acme.serviceId);
  deviceOperator = await openInService(t, 'acme-devices', a.userIds['acme-devices']!, acme.serviceId);
  outsider = await openInService(t, 'globex-admin', g.userIds['globex-admin']!, globex.serviceId);
});
afterAll(async () => {
  await t?.close();
  await sftp?.close();
  await ftp?.close();
  await ftps?.close();
});

describe('transfer servers', () => {
  it('adds SFTP, SCP, FTP and FTPS servers and lists them by family, never with their secrets', async () => {
    const ssh = await add('scp', [
      { name: 'Reports SFTP', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: SFTP_PASSWORD, remote_directory: 'inbox' },
      { name: 'Keyed SCP', protocol: 'scp', host: '127.0.0.1', port: sftp.port, username: 'keyed', auth: 'key', secret: clientKey.privateKey, remote_directory: '/inbox' },
      { name: 'Broken key', protocol: 'sftp', host: '127.0.0.1', username: 'keyed', auth: 'key', secret: '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----' },
      { name: 'reports sftp', protocol: 'sftp', host: '127.0.0.1', username: 'again', secret: 'x' },
    ]);
    expect(ssh.map((r) => r.success)).toEqual([true, true, false, false]);
    expect(ssh[2]!.message).toMatch(/^Failed to add transfer server Broken key: This is not an SSH private key Keydeck can use/);
    expect(ssh[3]!.message).toBe(Messages.transferServerAddFailed('reports sftp', Messages.transferServerExists('reports sftp')));
    // The key's public half, for the remote account's authorized_keys: the one ssh-keygen made.
    expect(ssh[1]!.server!.client_public_key!.split(' ').slice(0, 2)).toEqual(clientKey.publicKey.split(' ').slice(0, 2));
    expect(ssh[0]!.server).toMatchObject({ port: sftp.port, auth: 'password', client_public_key: null, host_key: { state: 'unknown', fingerprint: null } });

    const ftpResults = await add('ftp', [
      { name: 'Plain FTP', protocol: 'ftp', host: '127.0.0.1', port: ftp.port, username: 'ftpuser', secret: FTP_PASSWORD },
      { name: 'Secure FTP', protocol: 'ftps', host: '127.0.0.1', port: ftps.port, username: 'ftpuser', secret: FTP_PASSWORD, ca_certificate: certificate.cert },
    ]);
    expect(ftpResults.map((r) => r.success)).toEqual([true, true]);
    expect(ftpResults[0]!.server).toMatchObject({ port: ftp.port, remote_directory: '.', host_key: null });

    expect((await scpList()).map((s) => `${s.name} ${s.protocol}`)).toEqual(['Keyed SCP scp', 'Reports SFTP sftp']);
    expect((await ftpList()).map((s) => `${s.name} ${s.protocol}`)).toEqual(['Plain FTP ftp', 'Secure FTP ftps']);

    // Secrets are sealed at rest and appear in no answer and no audit event.
    const rows = await queryRows<{ secret_sealed: string }>(t.database.db, sql`select secret_sealed from transfer_servers`);
    expect(rows.every((r) => r.secret_sealed.startsWith('v1.'))).toBe(true);
    const everything = JSON.stringify([rows, await scpList(), await ftpList(), ssh, ftpResults]);
    const audit = JSON.stringify(await queryRows(t.database.db, sql`select * from audit_events where account_id = ${acme.accountId}`));
    for (const secret of [SFTP_PASSWORD, FTP_PASSWORD, keyBody(clientKey.privateKey)]) {
      expect(everything).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
    expect(audit).toContain(`Acme exports: Reports SFTP (sftp://reports@127.0.0.1:${sftp.port}/inbox)`);
  });

  it('refuses what does not fit: a protocol of the other family, a key for FTP, line breaks in a password', async () => {
    const wrongFamily = await send(admin, 'POST', ApiPath.scpServers, { servers: [{ name: 'X', protocol: 'ftp', host: '127.0.0.1', username: 'u', secret: 'p' }] });
    expect(wrongFamily.statusCode).toBe(400);
    const ftpKey = await send(admin, 'POST', ApiPath.ftpServers, { servers: [{ name: 'X', protocol: 'ftp', host: '127.0.0.1', username: 'u', auth: 'key', secret: clientKey.privateKey }] });
    expect(ftpKey.statusCode).toBe(400);
    expect(ftpKey.json().errors).toHaveProperty(['servers.0.auth']);
    const injected = await send(admin, 'POST', ApiPath.ftpServers, { servers: [{ name: 'X', protocol: 'ftp', host: '127.0.0.1', username: 'u', secret: 'p\r\nDELE x' }] });
    expect(injected.statusCode).toBe(400);
    const noHost = await send(admin, 'POST', ApiPath.ftpServers, { servers: [{ name: 'X', protocol: 'ftp', host: 'not a host!', username: 'u', secret: 'p' }] });
    expect(noHost.statusCode).toBe(400);
  });

  it('refuses an FTPS CA certificate that is not a certificate, on its field, adding none of the servers', async () => {
    const ftps = (name: string, ca_certificate: string) => ({ name, protocol: 'ftps', host: '127.0.0.1', username: 'u', secret: 'p', ca_certificate });
    const broken = `-----BEGIN CERTIFICATE-----\n${'QUJD'.repeat(40)}\n-----END CERTIFICATE-----`;
    for (const ca of ['not a certificate -----BEGIN CERTIFICATE-----', broken, `${certificate.cert}\nsome text`, certificate.key]) {
      const res = await send(admin, 'POST', ApiPath.ftpServers, { servers: [ftps('Good CA', certificate.cert), ftps('Bad CA', ca)] });
      expect(res.statusCode, ca.slice(0, 40)).toBe(400);
      expect(res.json().errors).toEqual({ 'servers.1.ca_certificate': [Messages.caCertificateInvalid] });
    }
    expect((await ftpList()).map((s) => s.name)).not.toContain('Good CA');
    const [added] = await add('ftp', [ftps('Good CA', certificate.cert)]);
    const changed = await send(admin, 'PUT', ApiPath.ftpServers, { servers: [{ ...ftps('Good CA', broken), id: added!.server!.id }] });
    expect(changed.json().errors).toEqual({ 'servers.0.ca_certificate': [Messages.caCertificateInvalid] });
    await send(admin, 'DELETE', ApiPath.ftpServers, { servers: ['Good CA'] });
  });

  it('records the first host key as pending with the fingerprint ssh-keygen shows, and sends nothing until it is trusted', async () => {
    const first = await testServer('scp', 'Reports SFTP');
    expect(first).toMatchObject({ success: false, entries: null, host_key: { host: '127.0.0.1', port: sftp.port, key_type: 'ssh-ed25519', fingerprint: sftp.hostKey.fingerprint, status: 'pending' } });
    expect(first.message).toBe(Messages.hostKeyUnknown(`127.0.0.1:${sftp.port}`, 'ssh-ed25519', sftp.hostKey.fingerprint));
    await expect(deliver('Reports SFTP', 'early.csv', 'a\n')).rejects.toThrow(sftp.hostKey.fingerprint);
    expect(existsSync(join(sftp.root, 'inbox', 'early.csv'))).toBe(false);

    const [pending] = await hostKeys();
    expect(pending).toMatchObject({ host: '127.0.0.1', port: sftp.port, status: 'pending', fingerprint: sftp.hostKey.fingerprint, replaces: null, confirmed_by: null });
    expect(pending!.servers).toEqual(['Keyed SCP', 'Reports SFTP']);
    expect((await serverNamed('Reports SFTP')).host_key).toEqual({ state: 'pending', fingerprint: sftp.hostKey.fingerprint });

    // The operator must type the fingerprint they compared: another one trusts nothing.
    const other = sshKeygen().fingerprint;
    const mismatch = await send(admin, 'PUT', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: other }] });
    expect(hostKeysResultResponse.parse(mismatch.json()).results[0]).toMatchObject({ success: false, message: Messages.hostKeyTrustFailed(`127.0.0.1:${sftp.port}`, Messages.hostKeyFingerprintMismatch(sftp.hostKey.fingerprint)) });
    // Written as people copy it: without the SHA256: prefix.
    const trusted = await send(admin, 'PUT', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: sftp.hostKey.fingerprint.slice('SHA256:'.length) }] });
    expect(hostKeysResultResponse.parse(trusted.json()).results).toEqual([
      { name: `127.0.0.1:${sftp.port} ${sftp.hostKey.fingerprint}`, success: true, message: Messages.hostKeyTrusted(`127.0.0.1:${sftp.port}`, sftp.hostKey.fingerprint) },
    ]);
    expect((await hostKeys())[0]).toMatchObject({ status: 'trusted', confirmed_by: 'acme-admin' });

    const second = await testServer('scp', 'Reports SFTP');
    expect(second).toMatchObject({ success: true, entries: 0, host_key: { status: 'trusted', fingerprint: sftp.hostKey.fingerprint } });
    expect(second.message).toBe(Messages.transferConnected(`127.0.0.1:${sftp.port}`, 'reports', 'inbox', 0));
    expect(second.elapsed_ms).toBeLessThan(TRANSFER_TEST_TIMEOUT_MS);

    const delivered = await deliver('Reports SFTP', 'devices.csv', 'serial,group\nLANE-0001,Lane terminals\n');
    expect(delivered).toMatchObject({ path: 'inbox/devices.csv', bytes: 38 });
    expect(readFileSync(join(sftp.root, 'inbox', 'devices.csv'), 'utf8')).toBe('serial,group\nLANE-0001,Lane terminals\n');
    // The key-authenticated server on the same host shares its pinned key.
    expect(await deliver('Keyed SCP', 'keys.csv', 'kcv\n')).toMatchObject({ path: '/inbox/keys.csv' });
    expect(readFileSync(join(sftp.root, 'inbox', 'keys.csv'), 'utf8')).toBe('kcv\n');
    await expect(deliver('Keyed SCP', '../escape.csv', 'x')).rejects.toThrow(Messages.transferFileNameInvalid);
  });

  it('refuses a changed host key with a clear message until an operator accepts the new one', async () => {
    const old = sftp.hostKey;
    const replacement = sshKeygen();
    await sftp.restart(replacement);
    const endpoint = `127.0.0.1:${sftp.port}`;

    const refused = await testServer('scp', 'Reports SFTP');
    expect(refused).toMatchObject({ success: false, host_key: { fingerprint: replacement.fingerprint, status: 'pending' } });
    expect(refused.message).toBe(Messages.hostKeyChanged(endpoint, 'ssh-ed25519', replacement.fingerprint, old.fingerprint));
    const error = await deliver('Reports SFTP', 'changed.csv', 'x\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransferError);
    expect((error as TransferError).message).toContain('has changed');
    expect(existsSync(join(sftp.root, 'inbox', 'changed.csv'))).toBe(false);

    const keys = await hostKeys();
    expect(keys.map((k) => `${k.status} ${k.fingerprint} ${k.replaces}`).sort()).toEqual([`pending ${replacement.fingerprint} ${old.fingerprint}`, `trusted ${old.fingerprint} null`]);
    expect((await serverNamed('Reports SFTP')).host_key).toEqual({ state: 'changed', fingerprint: replacement.fingerprint });
    // The audit log tells the refused test and why.
    const [event] = await queryRows<{ outcome: string; reason: string }>(
      t.database.db,
      sql`select outcome, reason from audit_events where account_id = ${acme.accountId} and action = 'transfer_server.test' order by id desc limit 1`,
    );
    expect(event).toMatchObject({ outcome: 'failure' });
    expect(event!.reason).toContain('has changed');

    const accepted = await send(admin, 'PUT', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: replacement.fingerprint }] });
    expect(hostKeysResultResponse.parse(accepted.json()).results[0]!.success).toBe(true);
    expect((await hostKeys()).map((k) => `${k.status} ${k.fingerprint}`)).toEqual([`trusted ${replacement.fingerprint}`]);
    expect((await testServer('scp', 'Reports SFTP')).success).toBe(true);
    await deliver('Reports SFTP', 'changed.csv', 'x\n');
    expect(readFileSync(join(sftp.root, 'inbox', 'changed.csv'), 'utf8')).toBe('x\n');
  });

  it('tests and delivers over FTP and FTPS with explicit TLS', async () => {
    expect(await testServer('ftp', 'Plain FTP')).toMatchObject({ success: true, host_key: null, message: Messages.transferConnected(`127.0.0.1:${ftp.port}`, 'ftpuser', '.', 0) });
    expect(await testServer('ftp', 'Secure FTP')).toMatchObject({ success: true, host_key: null });
    expect(await deliver('Secure FTP', 'audit.csv', 'id,action\n')).toMatchObject({ path: 'audit.csv', bytes: 10 });
    expect(readFileSync(join(ftps.root, 'audit.csv'), 'utf8')).toBe('id,action\n');
    // Without its CA the self-signed certificate is not trusted; plain FTP offers no TLS at all.
    await add('ftp', [
      { name: 'Untrusted FTPS', protocol: 'ftps', host: '127.0.0.1', port: ftps.port, username: 'ftpuser', secret: FTP_PASSWORD },
      { name: 'No TLS', protocol: 'ftps', host: '127.0.0.1', port: ftp.port, username: 'ftpuser', secret: FTP_PASSWORD },
    ]);
    expect((await testServer('ftp', 'Untrusted FTPS')).message).toMatch(new RegExp(`^TLS with 127\\.0\\.0\\.1:${ftps.port} failed: `));
    expect((await testServer('ftp', 'No TLS')).message).toBe(Messages.transferTlsUnsupported(`127.0.0.1:${ftp.port}`));
  });

  it('names each failure: wrong password, missing directory, closed port, an internal address, a host that never answers', async () => {
    const silentSockets: Socket[] = [];
    const silent: Server = createServer((socket) => silentSockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    await add('scp', [
      { name: 'Wrong password', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: 'not-the-password' },
      { name: 'Missing directory', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: SFTP_PASSWORD, remote_directory: 'nowhere' },
      { name: 'Closed port', protocol: 'sftp', host: '127.0.0.1', port: 9, username: 'reports', secret: SFTP_PASSWORD },
      { name: 'Internal', protocol: 'sftp', host: '10.20.30.40', username: 'reports', secret: SFTP_PASSWORD },
      { name: 'Metadata', protocol: 'sftp', host: '169.254.169.254', port: 80, username: 'reports', secret: SFTP_PASSWORD },
      { name: 'Silent', protocol: 'sftp', host: '127.0.0.1', port: silentPort, username: 'reports', secret: SFTP_PASSWORD },
    ]);
    await add('ftp', [{ name: 'Wrong FTP password', protocol: 'ftp', host: '127.0.0.1', port: ftp.port, username: 'ftpuser', secret: 'nope' }]);
    const endpoint = `127.0.0.1:${sftp.port}`;
    expect((await testServer('scp', 'Wrong password')).message).toBe(Messages.transferAuthFailed('reports', endpoint));
    expect((await testServer('ftp', 'Wrong FTP password')).message).toBe(Messages.transferAuthFailed('ftpuser', `127.0.0.1:${ftp.port}`));
    expect((await testServer('scp', 'Missing directory')).message).toBe(Messages.transferDirectoryMissing('nowhere', endpoint));
    expect(await testServer('scp', 'Closed port')).toMatchObject({ success: false, host_key: null, message: Messages.transferRefused('127.0.0.1:9') });
    expect((await testServer('scp', 'Internal')).message).toBe(Messages.egressRefused);
    expect((await testServer('scp', 'Metadata')).message).toBe(Messages.egressRefused);
    const started = Date.now();
    const timedOut = await testServer('scp', 'Silent');
    expect(Date.now() - started).toBeLessThan(TRANSFER_TEST_TIMEOUT_MS + 3_000);
    expect(timedOut.message).toBe(Messages.transferTimedOut(`127.0.0.1:${silentPort}`, TRANSFER_TEST_TIMEOUT_MS / 1000));
    for (const s of silentSockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));

    // Each refused test is in the audit log, as a failure with its cause.
    const events = await queryRows<{ target: string; reason: string }>(
      t.database.db,
      sql`select target, reason from audit_events where account_id = ${acme.accountId} and action = 'transfer_server.test' and outcome = 'failure'`,
    );
    expect(events.find((e) => e.target === 'Acme exports: Internal')?.reason).toBe(Messages.egressRefused.slice(0, 200));
    expect(events.find((e) => e.target === 'Acme exports: Closed port')?.reason).toBe(Messages.transferRefused('127.0.0.1:9'));
  }, 30_000);

  it('changes a server, keeping its secret unless the host, port or transport changes', async () => {
    const server = await serverNamed('Reports SFTP');
    const put = async (changes: object) => {
      const res = await send(admin, 'PUT', ApiPath.scpServers, { servers: [{ ...server, secret: undefined, ...changes }] });
      expect(res.statusCode, res.body).toBe(200);
      return transferServersResultResponse.parse(res.json()).results[0]!;
    };
    const renamed = await put({ name: 'Nightly SFTP', remote_directory: '/inbox' });
    expect(renamed).toMatchObject({ success: true, message: Messages.transferServerChanged('Nightly SFTP'), server: { name: 'Nightly SFTP', remote_directory: '/inbox' } });
    expect((await testServer('scp', 'Nightly SFTP')).success).toBe(true);
    expect(await put({ name: 'Nightly SFTP', port: 2222 })).toMatchObject({ success: false, message: Messages.transferServerChangeFailed('Nightly SFTP', Messages.transferSecretRequired) });
    expect(await put({ name: 'Keyed SCP' })).toMatchObject({ success: false, message: Messages.transferServerChangeFailed('Nightly SFTP', Messages.transferServerExists('Keyed SCP')) });
    expect(await put({ name: 'Nightly SFTP', id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ success: false });
    // The FTP path does not change SSH servers.
    const viaFtp = await send(admin, 'PUT', ApiPath.ftpServers, { servers: [{ ...server, protocol: 'ftp', name: 'Nightly SFTP', secret: 'x', ca_certificate: null }] });
    expect(transferServersResultResponse.parse(viaFtp.json()).results[0]).toMatchObject({ success: false });
    const withSecret = await put({ name: 'Nightly SFTP', port: sftp.port, username: 'reports', secret: 'a-new-password' });
    expect(withSecret.success).toBe(true);
    expect((await testServer('scp', 'Nightly SFTP')).message).toBe(Messages.transferAuthFailed('reports', `127.0.0.1:${sftp.port}`));
    expect((await put({ name: 'Nightly SFTP', secret: SFTP_PASSWORD })).success).toBe(true);
    expect((await testServer('scp', 'Nightly SFTP')).success).toBe(true);
  });

  it('needs the Host category: View to read, Modify to change or test', async () => {
    expect((await scpList(viewer)).length).toBeGreaterThan(0);
    expect((await hostKeys(viewer)).length).toBe(1);
    expect((await viewer.post(ApiPath.scpServerTest, { name: 'Nightly SFTP' })).statusCode).toBe(403);
    expect((await send(viewer, 'DELETE', ApiPath.scpServers, { servers: ['Nightly SFTP'] })).statusCode).toBe(403);
    expect((await send(viewer, 'PUT', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: 'SHA256:x' }] })).statusCode).toBe(403);
    for (const url of [`${ApiPath.scpServers}?service_id=${acme.serviceId}`, `${ApiPath.ftpServers}?service_id=${acme.serviceId}`, ApiPath.hostKeys]) {
      const res = await deviceOperator.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(Messages.servicePermissionDenied('Host', 'View'));
    }
  });

  it('keeps each tenant to its own servers and host keys', async () => {
    const before = JSON.stringify([await scpList(), await ftpList(), await hostKeys()]);
    // Another account's service: no session on it, nothing listed.
    expect((await outsider.get(`${ApiPath.scpServers}?service_id=${acme.serviceId}`)).statusCode).toBe(403);
    expect((await admin.get(`${ApiPath.ftpServers}?service_id=${globex.serviceId}`)).statusCode).toBe(403);
    expect(await scpList(outsider, globex.serviceId)).toEqual([]);
    expect(await hostKeys(outsider)).toEqual([]);
    // Naming the other tenant's servers and keys changes nothing there.
    const deleted = await send(outsider, 'DELETE', ApiPath.scpServers, { servers: ['Nightly SFTP', 'Keyed SCP'] });
    expect(transferServersResultResponse.parse(deleted.json()).results.map((r) => r.success)).toEqual([false, false]);
    const server = await serverNamed('Nightly SFTP');
    const changed = await send(outsider, 'PUT', ApiPath.scpServers, { servers: [{ ...server, secret: 'stolen', host: 'attacker.example' }] });
    expect(transferServersResultResponse.parse(changed.json()).results[0]!.success).toBe(false);
    const fingerprint = (await hostKeys())[0]!.fingerprint;
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await send(outsider, method, ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint }] });
      expect(hostKeysResultResponse.parse(res.json()).results[0]!.success).toBe(false);
    }
    expect((await outsider.post(ApiPath.scpServerTest, { name: 'Nightly SFTP' })).statusCode).toBe(404);
    await expect(deliverFile(deps, { accountId: globex.accountId, serviceId: acme.serviceId, serverId: server.id }, 'x.csv', 'x')).rejects.toThrow(TransferError);
    // The same name in another service is another server.
    const own = await send(outsider, 'POST', ApiPath.scpServers, { servers: [{ name: 'Nightly SFTP', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: SFTP_PASSWORD }] });
    expect(transferServersResultResponse.parse(own.json()).results[0]!.success).toBe(true);
    expect((await testServer('scp', 'Nightly SFTP', outsider)).host_key).toMatchObject({ status: 'pending' });
    expect(JSON.stringify([await scpList(), await ftpList(), await hostKeys()])).toBe(before);
  });

  it('deletes servers by name and forgets host keys, after which the key is pending again', async () => {
    const res = await send(admin, 'DELETE', ApiPath.ftpServers, { servers: ['No TLS', 'Nightly SFTP', 'Nobody'] });
    expect(transferServersResultResponse.parse(res.json()).results).toEqual([
      { name: 'No TLS', success: true, message: Messages.deleted('No TLS') },
      { name: 'Nightly SFTP', success: false, message: Messages.deleteFailed('Nightly SFTP', Messages.transferServerUnknown('Nightly SFTP')) },
      { name: 'Nobody', success: false, message: Messages.deleteFailed('Nobody', Messages.transferServerUnknown('Nobody')) },
    ]);
    expect((await ftpList()).map((s) => s.name)).not.toContain('No TLS');

    const [key] = await hostKeys();
    const forgot = await send(admin, 'DELETE', ApiPath.hostKeys, { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: key!.fingerprint }] });
    expect(hostKeysResultResponse.parse(forgot.json()).results[0]).toMatchObject({ success: true, message: Messages.hostKeyForgotten(`127.0.0.1:${sftp.port}`, key!.fingerprint) });
    expect(await hostKeys()).toEqual([]);
    expect((await testServer('scp', 'Nightly SFTP')).host_key).toMatchObject({ status: 'pending', fingerprint: key!.fingerprint });

    const audit = await queryRows<{ action: string; target: string }>(
      t.database.db,
      sql`select action, target from audit_events where account_id = ${acme.accountId} and (action like 'transfer_server.%' or action like 'host_key.%') and outcome = 'success'`,
    );
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['transfer_server.create', 'transfer_server.update', 'transfer_server.delete', 'transfer_server.test', 'host_key.trust', 'host_key.delete']));
    expect(audit.find((e) => e.action === 'host_key.delete')!.target).toBe(`Acme exports: 127.0.0.1:${sftp.port} ${key!.fingerprint}`);
  });
});
