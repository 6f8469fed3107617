import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { jsonResponse, renderWithSession, sessionWith, serviceLoginResponse } from '../../../test/render';
import { AddAssignmentModal } from './add-assignment-modal';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b06';

/** A live service session whose device groups and keys answer empty; records whether anything was assigned. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.startsWith(ApiPath.symmetricKeys)) return jsonResponse(200, { data: [], total: 0, total_capped: false, next_cursor: null, prev_cursor: null });
    if (init?.method === undefined || init.method === 'GET') return jsonResponse(200, { data: [], more: false, total: 0 });
    throw new Error(`unexpected ${init.method} ${url}`);
  });
}

describe('AddAssignmentModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses slot 100 on the field with the range, keeping what was typed, and assigns nothing', async () => {
    const spy = server();
    renderWithSession(<AddAssignmentModal serviceId={SERVICE_ID} opened onClose={vi.fn()} />, sessionWith([]));
    const dialog = await screen.findByRole('dialog', { name: 'Assign a key to a key slot' });
    const slot = within(dialog).getByRole('textbox', { name: 'Key slot' }) as HTMLInputElement;
    fireEvent.focus(slot);
    fireEvent.change(slot, { target: { value: '100' } });
    fireEvent.blur(slot);
    expect(slot.value).toBe('100');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign key' }));
    expect(await within(dialog).findByText('A key slot is a whole number from 0 to 99')).toBeTruthy();
    expect(slot.getAttribute('aria-invalid')).toBe('true');
    expect(slot.value).toBe('100');
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
