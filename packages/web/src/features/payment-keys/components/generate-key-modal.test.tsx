import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { jsonResponse, renderWithSession, sessionWith, serviceLoginResponse } from '../../../test/render';
import { pickOption } from '../../../test/pick-option';
import { GenerateKeyModal } from './generate-key-modal';
import { keyGroup } from '../payment-key.fixtures';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b07';

function server() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.startsWith(ApiPath.keyGroups)) {
      return jsonResponse(200, { groups: [keyGroup('Acquirer')] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

describe('GenerateKeyModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('fills the only mode of use of a BDK (B0) without an error, and clicking that mode again keeps it', async () => {
    server();
    const failures: unknown[] = [];
    const onError = (event: ErrorEvent) => failures.push(event.error);
    window.addEventListener('error', onError);
    const rejected = (reason: unknown) => failures.push(reason);
    process.on('unhandledRejection', rejected);
    try {
      renderWithSession(<GenerateKeyModal serviceId={SERVICE_ID} opened group="Acquirer" onClose={vi.fn()} />, sessionWith([]));
      const dialog = await screen.findByRole('dialog', { name: 'Generate a key' });
      await pickOption(dialog, 'Key usage', 'B0 · Base derivation key (BDK)');
      const mode = within(dialog).getByLabelText('Mode of use', { exact: false, selector: 'input' }) as HTMLInputElement;
      await vi.waitFor(() => expect(mode.value).toBe('X · Derive other keys'));

      await pickOption(dialog, 'Mode of use', 'X · Derive other keys');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mode.value).toBe('X · Derive other keys');
      expect(within(dialog).queryByText(/Mode of use .* does not apply|Choose a mode of use/)).toBeNull();
      expect(failures).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
      process.off('unhandledRejection', rejected);
    }
  });

  it('says which choices are missing when the form is sent before a usage is chosen', async () => {
    server();
    renderWithSession(<GenerateKeyModal serviceId={SERVICE_ID} opened group="Acquirer" onClose={vi.fn()} />, sessionWith([]));
    const dialog = await screen.findByRole('dialog', { name: 'Generate a key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
    expect(await within(dialog).findByText('Choose a key usage')).toBeTruthy();
    expect(within(dialog).getByText('Choose a mode of use')).toBeTruthy();
  });
});
