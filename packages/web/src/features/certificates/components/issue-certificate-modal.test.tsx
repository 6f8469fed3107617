import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { IssueCertificateModal } from './issue-certificate-modal';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7c02';
const issuing = {
  ca_name: 'Issuing',
  parent: null,
  depth: 0,
  subject: 'CN=Issuing',
  issuer: 'CN=Issuing',
  serial: '01',
  key_algorithm: 'EC_P256',
  keystore: 'software',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2031-01-01T00:00:00.000Z',
  validity_days: 1826,
  path_length: null,
  key_usage: ['keyCertSign', 'cRLSign'],
  status: 'active',
  certificates_issued: 0,
  unexpired_certificates: 0,
  child_cas: 0,
  sha256_fingerprint: 'AB',
  crl_number: 0,
  created_by: 'op',
  created_at: '2026-01-01T00:00:00.000Z',
};
const issued = {
  serial: '7F00AA',
  subject: 'CN=terminal.example',
  sans: ['DNS:terminal.example'],
  ca: 'Issuing',
  issuer: 'CN=Issuing',
  key_algorithm: 'ECDSA P-256',
  extended_key_usage: ['serverAuth'],
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2027-01-01T00:00:00.000Z',
  status: 'valid',
  revoked_at: null,
  revocation_reason: null,
  sha256_fingerprint: '12:34',
  issued_by: 'op',
  issued_at: '2026-01-01T00:00:00.000Z',
};
const GOOD_CSR = '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----';

/** The server refuses any CSR but GOOD_CSR as the API does: a 400 naming the csr field. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === ApiPath.certAuthorities) return jsonResponse(200, { cas: [issuing] });
    if (url === ApiPath.certificates && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { csr: string };
      if (body.csr !== GOOD_CSR) return jsonResponse(400, { message: Messages.invalidRequest, errors: { csr: [Messages.csrMalformed] } });
      return jsonResponse(201, { certificate: issued, pem: '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n', validity_capped: false });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const csrField = () => screen.getByRole('textbox', { name: 'Certificate signing request (PEM)' });

describe('IssueCertificateModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the server’s refusal of a malformed CSR on the CSR field, then the issued certificate once it is fixed', async () => {
    const spy = server();
    renderWithSession(<IssueCertificateModal serviceId={SERVICE_ID} opened ca="Issuing" onClose={() => undefined} />, sessionWith([]));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Certificate signing request (PEM)' }), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue certificate' }));

    await waitFor(() => expect(csrField().getAttribute('aria-invalid')).toBe('true'));
    const errorId = csrField().getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!;
    expect(document.getElementById(errorId)!.textContent).toBe(Messages.csrMalformed);
    expect(screen.queryByRole('alert')).toBeNull();
    const sent = JSON.parse(String(spy.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body)) as unknown;
    expect(sent).toEqual({ ca: 'Issuing', csr: 'hello', validity_days: 365, extended_key_usage: ['serverAuth'] });

    fireEvent.change(csrField(), { target: { value: GOOD_CSR } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue certificate' }));
    expect((await screen.findByTestId('issued-pem')).textContent).toContain('BEGIN CERTIFICATE');
    expect(screen.getByText('7F00AA')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download chain' })).toBeTruthy();
  });
});
