import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ComponentCeremonyModal } from './component-ceremony-modal';
import { keyGroup, symmetricKey } from '../payment-key.fixtures';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b03';
// Two TDES double-length components and the KCVs their custodians' forms print.
const ONE = '0123456789ABCDEF0123456789ABCDEF';
const TWO = 'FEDCBA9876543210FEDCBA9876543210';
const KCVS: Record<string, string> = { [ONE]: '1A2B3C', [TWO]: 'D5D44F' };

const createdKey = symmetricKey({ name: 'ZMK North', group: 'Payments', origin: 'components' });

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.startsWith(ApiPath.keyGroups)) return jsonResponse(200, { groups: [keyGroup('Payments')] });
    if (url === ApiPath.componentKcv) return jsonResponse(200, { kcv: KCVS[body.value] ?? '000000', kcv_method: 'tdes' });
    if (url === ApiPath.symmetricKeys && init?.method === 'POST') {
      return jsonResponse(200, { results: [{ name: 'ZMK North', success: true, message: Messages.keyCreated('ZMK North', '08D7B4'), key: createdKey }] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

/** Picks an option of a Mantine select by its visible label (its list, in a portal, is the one the box controls). */
async function choose(label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.click(box);
  const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

async function fillAttributes() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'ZMK North' } });
  await choose('Algorithm', 'TDES double length (112-bit)');
  await choose('Key usage', 'K0 · Key encryption or wrapping (KEK)');
  await choose('Mode of use', 'B · Encrypt, decrypt and wrap');
  await choose('Exportability', 'E · Exportable');
  fireEvent.click(screen.getByRole('button', { name: 'Continue to component 1' }));
}

function enter(index: number, value: string, kcv: string) {
  fireEvent.change(screen.getByLabelText(`Component ${index}`, { exact: false, selector: 'input[type="password"]' }), { target: { value } });
  fireEvent.change(screen.getByRole('textbox', { name: `KCV of component ${index}` }), { target: { value: kcv } });
  fireEvent.click(screen.getByRole('button', { name: `Check component ${index}` }));
}

/** Every value any field of the page holds: a confirmed component must be in none of them. */
const fieldValues = () => [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value);

const render = () => renderWithSession(<ComponentCeremonyModal serviceId={SERVICE_ID} opened group="Payments" onClose={vi.fn()} />, sessionWith([]));

describe('ComponentCeremonyModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for each component only after the previous one is checked and confirmed, clears it, and shows the combined KCV', async () => {
    const spy = server();
    render();
    await fillAttributes();

    await screen.findByRole('form', { name: 'Component 1 of 2' });
    enter(1, '0123 4567 89AB CDEF 0123 4567 89AB CDEF', '1a2b3c');
    expect(await screen.findByText('KCV 1A2B3C matches')).toBeTruthy();
    // Checked is not confirmed: component 2 waits.
    expect(screen.queryByRole('form', { name: 'Component 2 of 2' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm component 1' }));
    await screen.findByRole('form', { name: 'Component 2 of 2' });
    expect(screen.queryByRole('form', { name: 'Component 1 of 2' })).toBeNull();
    expect(fieldValues().some((value) => value.replace(/\s/g, '').toUpperCase() === ONE)).toBe(false);
    expect(fieldValues().filter((value) => value !== '')).toEqual([]);

    enter(2, TWO, 'D5D44F');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm component 2' }));
    expect(await screen.findByRole('table', { name: 'Key to create' })).toBeTruthy();
    expect(fieldValues().some((value) => value.includes(TWO))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('combined-kcv')).textContent).toBe('08D7B4');
    expect(screen.getByText(Messages.keyCreated('ZMK North', '08D7B4'))).toBeTruthy();

    // The components travel once, in the create call, exactly as confirmed.
    const create = spy.mock.calls.find(([url, init]) => url === ApiPath.symmetricKeys && init?.method === 'POST')!;
    expect(JSON.parse(String(create[1]!.body)).symmetric_keys[0]).toMatchObject({
      source: 'components',
      name: 'ZMK North',
      group: 'Payments',
      algorithm: 'TDES_2KEY',
      usage: 'K0',
      mode_of_use: 'B',
      exportability: 'E',
      components: [
        { value: ONE, kcv: '1A2B3C' },
        { value: TWO, kcv: 'D5D44F' },
      ],
    });
  });

  it('shows a mismatch, offers no confirmation and clears the value for the custodian to enter again', async () => {
    server();
    render();
    await fillAttributes();
    await screen.findByRole('form', { name: 'Component 1 of 2' });

    enter(1, ONE, '999999');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('KCV mismatch');
    expect(alert.textContent).toContain('This value computes KCV 1A2B3C, not 999999');
    expect(screen.queryByRole('button', { name: 'Confirm component 1' })).toBeNull();
    await waitFor(() => expect(fieldValues()).not.toContain(ONE));
    expect(screen.queryByRole('form', { name: 'Component 2 of 2' })).toBeNull();
  });

  it('refuses a component of the wrong length before asking the server', async () => {
    const spy = server();
    render();
    await fillAttributes();
    await screen.findByRole('form', { name: 'Component 1 of 2' });

    enter(1, '0123456789ABCDEF', '1A2B3C');
    expect(await screen.findByText(Messages.componentLength(1, 16))).toBeTruthy();
    expect(spy.mock.calls.some(([url]) => url === ApiPath.componentKcv)).toBe(false);
  });
});
