import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith, serviceLoginResponse, enabledService } from '../../../test/render';
import { ExternalCasSection } from './external-cas-section';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b01';
const service = enabledService(SERVICE_ID, { type: 'cryptoverse', type_name: 'Cryptoverse', name: 'Payments' });
const ca = (name: string, isArchived = false) => ({
  id: `id-${name}`,
  name,
  is_archived: isArchived,
  has_probe_pki: false,
  object_type: 'RootCA',
  subject: `O=Partner, CN=${name}`,
  issuer: `O=Partner, CN=${name}`,
  serial: '01',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2036-01-01T00:00:00.000Z',
  sha256_fingerprint: 'AB:CD',
});

type Answer = (url: string, init?: RequestInit) => Response | undefined;

/** The service's data layer: a live session, the group's permissions, then what `answer` says for external CA calls. */
function serverWith(level: 'View' | 'Modify', answer: Answer) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) {
      return jsonResponse(200, { user_names: [], all_groups: ['Operators'], permissions: { CertManage: level }, sections: [], group_name: 'Operators', user_name: 'demo.operator' });
    }
    const answered = answer(url, init);
    if (!answered) throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    return answered;
  });
}

const render = () => renderWithSession(<ExternalCasSection service={service} />, sessionWith([]));

describe('ExternalCasSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Validation failed: ..." when the fetched list does not match the contract', async () => {
    serverWith('Modify', () => jsonResponse(200, { data: [{ ...ca('Partner Root'), is_archived: 'no', object_type: 'x'.repeat(51) }], total: 1 }));
    render();
    const alert = await screen.findByText(/^Validation failed: /);
    expect(alert.textContent).toContain('data.0.is_archived');
    expect(alert.textContent).toContain('data.0.object_type');
    expect(screen.queryByText('Partner Root')).toBeNull();
  });

  it('gives the fetch fallback when the server answers without a message', async () => {
    serverWith('Modify', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    render();
    expect(await screen.findByText(Messages.externalCasFetchFallback)).toBeTruthy();
  });

  it('lists by name, asks for the unarchived only, and archives with the spec toast', async () => {
    const spy = serverWith('Modify', (url, init) => {
      if (init?.method === 'PUT') return jsonResponse(200, { data: ca('Alpha', true) });
      return jsonResponse(200, { data: [ca('Alpha'), ca('beta', true)], total: 2 });
    });
    render();
    const table = await screen.findByRole('table', { name: 'External CAs' });
    expect(await within(table).findByText('Alpha')).toBeTruthy();
    expect(spy.mock.calls.map(([url]) => String(url)).find((url) => url.includes('externalcas'))).toContain('order_by=name');

    fireEvent.click(screen.getByRole('switch', { name: 'Unarchived only' }));
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('archived=false'))).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'Archive Alpha' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Archived successfully.' }));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe(`/rest/api/v2/cryptoverse/${SERVICE_ID}/externalca/id-Alpha`);
    expect(JSON.parse(String(put[1]?.body))).toEqual({ id: 'id-Alpha', is_archived: true });
  });

  it('says "Error: Invalid certificate." when the server refuses the file, and shows the upload toast on success', async () => {
    const answers = [
      jsonResponse(400, { message: Messages.externalCaNotCa, errors: { external_ca_file: [Messages.externalCaNotCa] }, request_id: 'r1' }),
      jsonResponse(201, { data: ca('Partner Root') }),
    ];
    const spy = serverWith('Modify', (_url, init) => (init?.method === 'POST' ? answers.shift() : jsonResponse(200, { data: [], total: 0 })));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload external CA' }));
    const form = await screen.findByRole('form', { name: 'Upload external CA' });
    const file = new File(['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'], 'partner-root.pem', { type: 'application/x-pem-file' });
    fireEvent.change(form.querySelector('input[type="file"]')!, { target: { files: [file] } });
    await waitFor(() => expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('partner-root'));
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Partner Root' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    const refused = await within(form).findByRole('alert');
    expect(refused.textContent).toBe(`Failed to create external CA: Partner Root Error: Invalid certificate.\n${Messages.externalCaNotCa}`);
    const posted = JSON.parse(String(spy.mock.calls.find(([, init]) => init?.method === 'POST')![1]?.body)) as Record<string, string>;
    expect(posted.external_ca_name).toBe('Partner Root');
    expect(atob(posted.external_ca_file!)).toContain('BEGIN CERTIFICATE');

    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'External CA Partner Root uploaded successfully.' }));
  });

  it('offers no upload or archive to a group that may only view', async () => {
    serverWith('View', () => jsonResponse(200, { data: [ca('Alpha')], total: 1 }));
    render();
    expect(await screen.findByRole('button', { name: 'Download Alpha' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive Alpha' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload external CA' })).toBeNull();
  });
});
