import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import type { HostKey, TransferServer, TransferTestResult } from '@keydeck/contract/transfer';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { TransferServersSection } from './transfer-servers-section';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b13';
const service = enabledService(SERVICE_ID);
// As `ssh-keygen -lf` prints them.
const OLD_FINGERPRINT = 'SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s';
const NEW_FINGERPRINT = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';
const PORT = 2222;

const sftp: TransferServer = {
  id: '6f9b2a60-8d1c-4a5e-9a0e-3c2d1b0a9f01',
  name: 'Reports SFTP',
  protocol: 'sftp',
  host: 'sftp.example.com',
  port: PORT,
  username: 'reports',
  auth: 'password',
  remote_directory: 'inbox',
  ca_certificate: null,
  client_public_key: null,
  host_key: { state: 'pending', fingerprint: NEW_FINGERPRINT },
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};
const ftps: TransferServer = { ...sftp, id: '6f9b2a60-8d1c-4a5e-9a0e-3c2d1b0a9f02', name: 'Audit FTPS', protocol: 'ftps', port: 21, username: 'audit', remote_directory: '.', host_key: null };
const key = (status: 'pending' | 'trusted', fingerprint: string, replaces: string | null = null): HostKey => ({
  id: `${status}-${fingerprint}`,
  host: 'sftp.example.com',
  port: PORT,
  key_type: 'ssh-ed25519',
  fingerprint,
  public_key: 'AAAAC3NzaC1lZDI1NTE5AAAAIFakeKeyBlob',
  status,
  first_seen_at: '2026-03-02T00:00:00.000Z',
  last_seen_at: '2026-03-02T00:00:00.000Z',
  confirmed_by: status === 'trusted' ? 'ada' : null,
  confirmed_at: status === 'trusted' ? '2026-03-02T00:00:00.000Z' : null,
  replaces,
  servers: ['Reports SFTP'],
});

interface World {
  level: 'View' | 'Modify';
  servers?: TransferServer[];
  hostKeys: HostKey[];
  test?: TransferTestResult;
}

function server(world: World) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Host: world.level });
    const servers = world.servers ?? [sftp, ftps];
    if (url.startsWith(`${ApiPath.scpServers}?`)) return jsonResponse(200, { servers: servers.filter((s) => s.protocol === 'sftp' || s.protocol === 'scp') });
    if (url.startsWith(`${ApiPath.ftpServers}?`)) return jsonResponse(200, { servers: servers.filter((s) => s.protocol === 'ftp' || s.protocol === 'ftps') });
    if (url === ApiPath.scpServerTest && method === 'POST') return jsonResponse(200, { test_result: world.test });
    if (url.startsWith(ApiPath.hostKeys) && method === 'GET') return jsonResponse(200, { host_keys: world.hostKeys });
    if (url === ApiPath.hostKeys && method === 'PUT') {
      const { host_keys } = JSON.parse(String(init!.body)) as { host_keys: { host: string; port: number; fingerprint: string }[] };
      const endpoint = `${host_keys[0]!.host}:${host_keys[0]!.port}`;
      return jsonResponse(200, { results: [{ name: `${endpoint} ${host_keys[0]!.fingerprint}`, success: true, message: Messages.hostKeyTrusted(endpoint, host_keys[0]!.fingerprint) }] });
    }
    if ((url === ApiPath.scpServers || url === ApiPath.ftpServers) && (method === 'POST' || method === 'PUT')) {
      const row = (JSON.parse(String(init!.body)) as { servers: { name: string }[] }).servers[0]!;
      const message = method === 'POST' ? Messages.transferServerAdded(row.name) : Messages.transferServerChanged(row.name);
      return jsonResponse(200, { results: [{ name: row.name, success: true, message, server: { ...sftp, ...row } }] });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
}

const render = () => renderWithSession(<TransferServersSection service={service} />, sessionWith([]));
const sent = (spy: ReturnType<typeof server>, method: string, path: string) =>
  spy.mock.calls.filter(([url, init]) => String(url) === path && init?.method === method).map(([, init]) => JSON.parse(String(init!.body)) as unknown);
const hostKeysTable = () => screen.findByRole('table', { name: 'Host keys' });

describe('TransferServersSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists both families with each SSH server’s host-key state and fingerprint, and offers no change without Host at Modify', async () => {
    server({ level: 'View', hostKeys: [key('pending', NEW_FINGERPRINT)] });
    render();
    const table = await screen.findByRole('table', { name: 'Transfer servers' });
    const row = (await within(table).findByText('Reports SFTP')).closest('tr')!;
    expect(row.textContent).toContain(`sftp.example.com:${PORT}`);
    expect(row.textContent).toContain('Unconfirmed');
    expect(row.textContent).toContain(NEW_FINGERPRINT);
    expect(within(table).getByText('Audit FTPS').closest('tr')!.textContent).toContain('TLS certificate (no SSH host key)');
    expect(screen.queryByRole('button', { name: 'Add transfer server' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Test the connection/ })).toBeNull();
    expect(within(await hostKeysTable()).queryByRole('button', { name: /^Trust/ })).toBeNull();
  });

  it('trusts a pending key only after the operator compared the fingerprint it shows, and sends that fingerprint', async () => {
    const spy = server({ level: 'Modify', hostKeys: [key('pending', NEW_FINGERPRINT)] });
    render();
    fireEvent.click(await within(await hostKeysTable()).findByRole('button', { name: `Trust the host key of sftp.example.com:${PORT}` }));

    const dialog = await screen.findByRole('dialog', { name: `Host key of sftp.example.com:${PORT}` });
    expect(within(dialog).getByTestId('host-key-fingerprint').textContent).toBe(NEW_FINGERPRINT);
    expect(dialog.textContent).toContain('ssh-ed25519');
    expect(dialog.textContent).toContain('ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub');
    const trust = within(dialog).getByRole('button', { name: 'Trust this key' });
    expect((trust as HTMLButtonElement).disabled).toBe(true);

    // A fingerprint from the administrator that differs is refused before anything is sent.
    const given = within(dialog).getByRole('textbox', { name: 'Fingerprint from the administrator' });
    fireEvent.change(given, { target: { value: OLD_FINGERPRINT } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I compared the fingerprint/ }));
    fireEvent.click(trust);
    expect(await within(dialog).findByText(/This is not the fingerprint the server presented/)).toBeTruthy();
    expect(sent(spy, 'PUT', ApiPath.hostKeys)).toEqual([]);

    // The same one, copied without its prefix, matches.
    fireEvent.change(given, { target: { value: NEW_FINGERPRINT.slice('SHA256:'.length) } });
    expect(await within(dialog).findByText('The fingerprints match.')).toBeTruthy();
    fireEvent.click(trust);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.hostKeyTrusted(`sftp.example.com:${PORT}`, NEW_FINGERPRINT) }));
    expect(sent(spy, 'PUT', ApiPath.hostKeys)).toEqual([{ host_keys: [{ host: 'sftp.example.com', port: PORT, fingerprint: NEW_FINGERPRINT }] }]);
  });

  it('warns of a changed key with the trusted and the new fingerprint, from the connection test to the confirmation', async () => {
    const endpoint = `sftp.example.com:${PORT}`;
    server({
      level: 'Modify',
      servers: [{ ...sftp, host_key: { state: 'changed', fingerprint: NEW_FINGERPRINT } }],
      hostKeys: [key('trusted', OLD_FINGERPRINT), key('pending', NEW_FINGERPRINT, OLD_FINGERPRINT)],
      test: {
        success: false,
        message: Messages.hostKeyChanged(endpoint, 'ssh-ed25519', NEW_FINGERPRINT, OLD_FINGERPRINT),
        host_key: { host: 'sftp.example.com', port: PORT, key_type: 'ssh-ed25519', fingerprint: NEW_FINGERPRINT, status: 'pending' },
        entries: null,
        elapsed_ms: 120,
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Transfer servers' });
    expect((await within(table).findByText('Key changed')).closest('tr')!.textContent).toContain(NEW_FINGERPRINT);
    fireEvent.click(await within(table).findByRole('button', { name: 'Test the connection to Reports SFTP' }));

    const test = await screen.findByRole('dialog', { name: 'Connection test: Reports SFTP' });
    expect(await within(test).findByText('The host key has changed')).toBeTruthy();
    expect(test.textContent).toContain(`Trusted key${OLD_FINGERPRINT}`);
    expect(test.textContent).toContain(`Key presented now${NEW_FINGERPRINT}ssh-ed25519`);
    fireEvent.click(within(test).getByRole('button', { name: 'Review the new key…' }));

    const dialog = await screen.findByRole('dialog', { name: `New host key of ${endpoint}` });
    expect(within(dialog).getByText('The server presents a different key than the trusted one')).toBeTruthy();
    expect(dialog.textContent).toContain(`Trusted until now${OLD_FINGERPRINT}`);
    expect(within(dialog).getByTestId('host-key-fingerprint').textContent).toBe(NEW_FINGERPRINT);
    expect(within(dialog).getByRole('button', { name: 'Trust the new key' })).toBeTruthy();
  });

  it('adds an SFTP server signing in with a key, and on edit keeps the stored secret unless the host changes', async () => {
    const spy = server({ level: 'Modify', hostKeys: [] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add transfer server' }));
    const add = await screen.findByRole('dialog', { name: 'Add transfer server' });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Name' }), { target: { value: 'Keyed' } });
    fireEvent.change(within(add).getByRole('textbox', { name: 'Host' }), { target: { value: 'SFTP.example.com' } });
    fireEvent.change(within(add).getByRole('textbox', { name: 'User name' }), { target: { value: 'keyed' } });
    fireEvent.click(within(add).getByRole('radio', { name: 'SSH private key' }));
    fireEvent.change(within(add).getByRole('textbox', { name: 'Private key' }), { target: { value: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add server' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.transferServerAdded('Keyed') }));
    expect(sent(spy, 'POST', ApiPath.scpServers)).toEqual([
      {
        servers: [
          {
            name: 'Keyed',
            protocol: 'sftp',
            host: 'sftp.example.com',
            username: 'keyed',
            auth: 'key',
            secret: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----',
            remote_directory: '.',
            ca_certificate: null,
          },
        ],
      },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Reports SFTP' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit…', hidden: true }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Reports SFTP' });
    const password = within(edit).getByLabelText(/^Password/, { selector: 'input[type="password"]' });
    expect((password as HTMLInputElement).value).toBe('');
    expect(edit.textContent).toContain('Leave empty to keep the stored password');
    fireEvent.change(within(edit).getByRole('textbox', { name: 'Host' }), { target: { value: 'other.example.com' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(edit).findByText(Messages.transferSecretRequired)).toBeTruthy();
    expect(sent(spy, 'PUT', ApiPath.scpServers)).toEqual([]);

    fireEvent.change(within(edit).getByRole('textbox', { name: 'Host' }), { target: { value: 'sftp.example.com' } });
    fireEvent.change(within(edit).getByRole('textbox', { name: 'Remote directory' }), { target: { value: '/outbox' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent(spy, 'PUT', ApiPath.scpServers)).toHaveLength(1));
    const [put] = sent(spy, 'PUT', ApiPath.scpServers) as { servers: Record<string, unknown>[] }[];
    expect(put!.servers[0]).toMatchObject({ id: sftp.id, host: 'sftp.example.com', port: PORT, remote_directory: '/outbox' });
    expect(put!.servers[0]).not.toHaveProperty('secret');
  });
});
