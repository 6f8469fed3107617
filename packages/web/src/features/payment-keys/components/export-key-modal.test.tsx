import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { ApiPath } from '@keydeck/contract/http';
import type { SymmetricKey } from '@keydeck/contract/payment-keys';
import { jsonResponse, renderWithSession, sessionWith, serviceLoginResponse } from '../../../test/render';
import { ExportKeyModal } from './export-key-modal';
import { symmetricKey } from '../payment-key.fixtures';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b09';
const key = (name: string, algorithm: SymmetricKey['algorithm'], usage: SymmetricKey['usage'], mode_of_use: SymmetricKey['mode_of_use']): SymmetricKey =>
  symmetricKey({ id: name, name, group: 'Transport', algorithm, usage, mode_of_use, kcv_method: algorithm.startsWith('TDES') ? 'tdes' : 'aes-cmac' });
const TERMINAL_KEK = key('Terminal KEK', 'AES_256', 'K0', 'B');
const KBPK_TDES = key('KBPK TDES', 'TDES_3KEY', 'K1', 'B');
const KBPK_AES = key('KBPK AES', 'AES_256', 'K1', 'B');
const UNWRAP_ONLY = key('Unwrap-only KBPK', 'AES_256', 'K1', 'D');

function server(keys: SymmetricKey[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.startsWith(ApiPath.symmetricKeys)) return jsonResponse(200, { data: keys, total: keys.length, total_capped: false, next_cursor: null, prev_cursor: null });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const open = async () => {
  renderWithSession(<ExportKeyModal serviceId={SERVICE_ID} exported={TERMINAL_KEK} onClose={vi.fn()} />, sessionWith([]));
  return screen.findByRole('dialog', { name: 'Export Terminal KEK as a TR-31 key block' });
};

describe('ExportKeyModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers only the KBPKs that can wrap the key: strong enough, allowed to wrap, not the key itself', async () => {
    server([TERMINAL_KEK, KBPK_TDES, KBPK_AES, UNWRAP_ONLY]);
    const dialog = await open();
    const picker = within(dialog).getByLabelText('Key block protection key (K1)', { exact: false, selector: 'input' });
    picker.focus();
    fireEvent.click(picker);
    await screen.findByRole('option', { name: /KBPK AES/, hidden: true });
    expect(screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual(['KBPK AESK1 · AES-256 · KCV 08D7B4']);
  });

  it('says under the field that no KBPK of the service can wrap the key, and why, and offers no empty list', async () => {
    server([TERMINAL_KEK, KBPK_TDES, UNWRAP_ONLY]);
    const dialog = await open();
    expect(
      await within(dialog).findByText('No active key block protection key can wrap Terminal KEK: that takes a K1 key of AES-256 or stronger, with mode of use B, E or N.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Key block protection key (K1)', { exact: false, selector: 'input' }).hasAttribute('disabled')).toBe(true);
  });

  it('says an export that needs approval waits, and links to My requests', async () => {
    const pending = {
      id: '5b0c8f2e-3d4a-4e6b-9c7d-1a2b3c4d5e6f',
      operation: 'symmetric_key.export',
      label: 'Export a key as a TR-31 key block',
      service: 'Terminals',
      call: { method: 'POST', path: ApiPath.symmetricKeyExport, query: {}, body: { key: 'Terminal KEK', kbpk: 'KBPK AES' } },
      requested_by: 'ada',
      state: 'pending',
      required_approvals: 2,
      approvals: 0,
      decisions: [],
      created_at: '2026-11-28T09:00:00.000Z',
      expires_at: '2026-11-29T09:00:00.000Z',
      executed_at: null,
      you: { may_decide: false, why_not: null, requested: true },
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
      if (url === ApiPath.symmetricKeyExport && init?.method === 'POST') return jsonResponse(202, { approval_request: pending });
      if (url.startsWith(ApiPath.symmetricKeys)) return jsonResponse(200, { data: [TERMINAL_KEK, KBPK_AES], total: 2, total_capped: false, next_cursor: null, prev_cursor: null });
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    });
    const root = createRootRoute();
    const router = createRouter({
      routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/home/approvals/mine' })]),
      context: { queryClient: new QueryClient() },
      history: createMemoryHistory(),
    });
    renderWithSession(
      <RouterContextProvider router={router as never}>
        <ExportKeyModal serviceId={SERVICE_ID} exported={TERMINAL_KEK} onClose={vi.fn()} />
      </RouterContextProvider>,
      sessionWith([]),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Export Terminal KEK as a TR-31 key block' });
    const picker = within(dialog).getByLabelText('Key block protection key (K1)', { exact: false, selector: 'input' });
    picker.focus();
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: /KBPK AES/, hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByTestId('approval-pending')).textContent).toContain('Export a key as a TR-31 key block needs 2 approvals');
    expect(within(dialog).getByRole('link', { name: 'Open My requests' }).getAttribute('href')).toBe('/home/approvals/mine');
  });
});
