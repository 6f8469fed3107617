import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import type { CertAuthority } from '@keydeck/contract/certificates';
import { confirmAction } from '../../../lib/dialogs';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { CertAuthoritiesSection } from './cert-authorities-section';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7c01';
const service = enabledService(SERVICE_ID);
const ca = (name: string, parent: string | null, unexpired: number): CertAuthority => ({
  ca_name: name,
  parent,
  depth: parent ? 1 : 0,
  subject: `CN=${name}, O=Demo`,
  issuer: parent ? `CN=${parent}, O=Demo` : `CN=${name}, O=Demo`,
  serial: '0A1B2C3D4E5F60718293A4B5C6D7E8F9',
  key_algorithm: 'EC_P256',
  keystore: 'software',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2031-01-01T00:00:00.000Z',
  validity_days: 1826,
  path_length: parent ? 0 : null,
  key_usage: ['keyCertSign', 'cRLSign'],
  status: 'active',
  certificates_issued: unexpired,
  unexpired_certificates: unexpired,
  child_cas: parent ? 0 : 1,
  sha256_fingerprint: 'AB:CD',
  crl_number: 0,
  created_by: 'op',
  created_at: '2026-01-01T00:00:00.000Z',
});

/** The server: two CAs; deleting Issuing is refused for its 2 unexpired certificates until confirm: true. */
function server(level: 'View' | 'Modify') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ CertManage: level });
    if (url === ApiPath.certAuthorities && init?.method === 'DELETE') {
      const body = JSON.parse(String(init.body)) as { cas: string[]; confirm: boolean };
      return jsonResponse(200, {
        results: body.cas.map((name) =>
          body.confirm
            ? { name, success: true, message: Messages.caDeleted, reason: null, confirmation_required: false }
            : { name, success: false, message: Messages.caDeleteFailed, reason: Messages.caHasUnexpiredCertificates(name, 2), confirmation_required: true },
        ),
      });
    }
    if (url === ApiPath.certAuthorities) return jsonResponse(200, { cas: [ca('Root', null, 0), ca('Issuing', 'Root', 2)] });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const deletes = (spy: ReturnType<typeof server>) => spy.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([, init]) => JSON.parse(String(init!.body)) as unknown);

async function deleteIssuing() {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for Issuing' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete…', hidden: true }));
}

describe('CertAuthoritiesSection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(confirmAction).mockReset();
  });

  it('shows the tree, each intermediate under its parent, and offers no change without CertManage at Modify', async () => {
    server('View');
    renderWithSession(<CertAuthoritiesSection service={service} />, sessionWith([]));
    const table = await screen.findByRole('table', { name: 'Certificate authorities' });
    await within(table).findByText('Issuing');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Name'),
      expect.stringContaining('RootRoot CA'),
      expect.stringContaining('IssuingUnder Root'),
    ]);
    expect(screen.queryByRole('button', { name: 'Create root CA' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Issuing' }));
    expect(await screen.findByRole('menuitem', { name: 'Download CRL (DER)', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete…', hidden: true })).toBeNull();
  });

  it('asks a second time, saying how many certificates have not expired, and deletes with confirm: true', async () => {
    const spy = server('Modify');
    vi.mocked(confirmAction).mockImplementation(yes);
    renderWithSession(<CertAuthoritiesSection service={service} />, sessionWith([]));
    await deleteIssuing();

    const report = await screen.findByTestId('result-report');
    expect(report.textContent).toContain(`Issuing: ${Messages.caDeleted}`);
    expect(report.textContent).toContain('1 succeeded, 0 failed');
    expect(confirmAction).toHaveBeenCalledTimes(2);
    expect(vi.mocked(confirmAction).mock.calls[0]![0]).toMatch(/^Delete the certificate authority Issuing\? Its key is destroyed/);
    expect(vi.mocked(confirmAction).mock.calls[1]![0]).toMatch(/^Issuing issued 2 certificates that have not expired\. Delete this CA and its certificates anyway\?/);
    expect(deletes(spy)).toEqual([
      { cas: ['Issuing'], confirm: false },
      { cas: ['Issuing'], confirm: true },
    ]);
  });

  it('keeps the CA when the second question is answered No, and reports why', async () => {
    const spy = server('Modify');
    vi.mocked(confirmAction).mockImplementationOnce(yes).mockResolvedValueOnce(null);
    renderWithSession(<CertAuthoritiesSection service={service} />, sessionWith([]));
    await deleteIssuing();

    const report = await screen.findByTestId('result-report');
    expect(report.textContent).toContain(`Issuing: ${Messages.caDeleteFailed}`);
    expect(report.textContent).toContain(Messages.caHasUnexpiredCertificates('Issuing', 2));
    await waitFor(() => expect(deletes(spy)).toEqual([{ cas: ['Issuing'], confirm: false }]));
  });

  it('sends nothing when the first question is answered No', async () => {
    const spy = server('Modify');
    vi.mocked(confirmAction).mockResolvedValueOnce(null);
    renderWithSession(<CertAuthoritiesSection service={service} />, sessionWith([]));
    await deleteIssuing();
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(deletes(spy)).toEqual([]);
  });
});
