import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ServiceAddressesPanel } from './service-addresses-panel';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE = '7b0c5f8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
const CURRENT_IP = '198.51.100.7';
const list = (entries: { ip_address: string; label?: string | null }[]) => ({
  service_id: SERVICE,
  current_ip: CURRENT_IP,
  max_addresses: 100,
  allowed_addresses: entries.map((entry, i) => ({
    id: `0000000${i}-0000-4000-8000-000000000000`,
    ip_address: entry.ip_address,
    label: entry.label ?? null,
    created_at: '2025-01-01T00:00:00.000Z',
  })),
});
const START = [{ ip_address: '198.51.100.0/24', label: 'Head office' }];

/** The server: GET answers the list; PUT answers what `answers` holds, in turn. */
function serverWith(answers: Response[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (!init?.method || init.method === 'GET') return jsonResponse(200, list(START));
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next;
  });
}
const sentBodies = (spy: ReturnType<typeof serverWith>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const render = (canModify = true) => renderWithSession(<ServiceAddressesPanel serviceId={SERVICE} canModify={canModify} />, sessionWith([]));

async function addRow(address: string, label = '') {
  fireEvent.click(await screen.findByRole('button', { name: 'Add address' }));
  const n = screen.getAllByRole('row').length - 1; // the header row
  fireEvent.change(screen.getByLabelText(`Address or range ${n}`), { target: { value: address } });
  if (label) fireEvent.change(screen.getByLabelText(`Label ${n}`), { target: { value: label } });
}

describe('ServiceAddressesPanel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });

  it('shows the caller’s address, whether the list keeps it, and the rows', async () => {
    serverWith([]);
    render();
    expect((await screen.findByTestId('current-ip')).textContent).toBe(CURRENT_IP);
    expect(((await screen.findByLabelText('Address or range 1')) as HTMLInputElement).value).toBe('198.51.100.0/24');
    expect((screen.getByLabelText('Label 1') as HTMLInputElement).value).toBe('Head office');
    expect(screen.getByTestId('current-ip-status').textContent).toBe('On the list');
    expect(screen.getByRole('button', { name: 'Add my address' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the whole list with a new row and says so', async () => {
    const spy = serverWith([jsonResponse(200, list([...START, { ip_address: '2001:db8::/32', label: 'Lab' }]))]);
    render();
    await addRow('2001:db8::/32', 'Lab');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.serviceAddressesSaved(2) }));
    expect(sentBodies(spy)).toEqual([
      {
        allowed_addresses: [
          { ip_address: '198.51.100.0/24', label: 'Head office' },
          { ip_address: '2001:db8::/32', label: 'Lab' },
        ],
        confirm: false,
      },
    ]);
    expect(confirmAction).not.toHaveBeenCalled();
  });

  it('warns as the caller’s own address leaves the list, asks with the server’s words, and resends with confirm: true on Yes', async () => {
    const message = Messages.serviceAddressesExcludeYou(CURRENT_IP);
    const spy = serverWith([jsonResponse(409, { message, error: 'confirmation_required' }), jsonResponse(200, list([{ ip_address: '203.0.113.0/24' }]))]);
    vi.mocked(confirmAction).mockImplementation(yes);
    render();
    await addRow('203.0.113.0/24');
    fireEvent.click(screen.getByRole('button', { name: 'Remove 198.51.100.0/24' }));
    expect((await screen.findByTestId('shut-out-warning')).textContent).toContain(CURRENT_IP);
    expect(screen.getByTestId('current-ip-status').textContent).toBe('Not on the list');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBodies(spy)).toHaveLength(2));
    expect(confirmAction).toHaveBeenCalledWith(message, expect.any(Function));
    expect(sentBodies(spy)).toEqual([
      { allowed_addresses: [{ ip_address: '203.0.113.0/24' }], confirm: false },
      { allowed_addresses: [{ ip_address: '203.0.113.0/24' }], confirm: true },
    ]);
  });

  it('keeps the edits and sends nothing more when the user answers No', async () => {
    const spy = serverWith([jsonResponse(409, { message: Messages.serviceAddressesExcludeYou(CURRENT_IP), error: 'confirmation_required' })]);
    vi.mocked(confirmAction).mockResolvedValue(null);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 198.51.100.0/24' }));
    await addRow('203.0.113.0/24');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(confirmAction).toHaveBeenCalled());
    expect(sentBodies(spy)).toHaveLength(1);
    expect((screen.getByLabelText('Address or range 1') as HTMLInputElement).value).toBe('203.0.113.0/24');
    expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'success' }));
  });

  it('says what is wrong with a row before sending, and shows the server’s refusal under its row', async () => {
    const spy = serverWith([
      jsonResponse(400, { message: Messages.invalidRequest, errors: { 'allowed_addresses.1.ip_address': ['Refused by the server'] } }),
    ]);
    render();
    await addRow('203.0.113.5/24');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.serviceAddressHostBits('203.0.113.5/24', '203.0.113.0/24'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address or range 2'), { target: { value: '198.51.100.0/24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.serviceAddressDuplicate('198.51.100.0/24'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address or range 2'), { target: { value: 'not-an-ip' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter an IPv4 or IPv6 address/)).toBeTruthy();
    expect(sentBodies(spy)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Address or range 2'), { target: { value: '192.0.2.0/24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Refused by the server')).toBeTruthy();
    expect(sentBodies(spy)).toHaveLength(1);
  });

  it('leaves a row not filled in unflagged, also after a refused save, and drops it when saving', async () => {
    const spy = serverWith([jsonResponse(200, list([...START, { ip_address: '192.0.2.0/24' }]))]);
    render();
    await addRow('not-an-ip');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter an IPv4 or IPv6 address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const empty = await screen.findByLabelText('Address or range 3');
    fireEvent.blur(empty);
    fireEvent.change(screen.getByLabelText('Address or range 2'), { target: { value: '192.0.2.0/24' } });
    await waitFor(() => expect(screen.queryByText(/Enter an IPv4 or IPv6 address/)).toBeNull());
    expect(empty.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.serviceAddressesSaved(2) }));
    expect(sentBodies(spy)).toEqual([
      {
        allowed_addresses: [
          { ip_address: '198.51.100.0/24', label: 'Head office' },
          { ip_address: '192.0.2.0/24' },
        ],
        confirm: false,
      },
    ]);
  });

  it('adds the caller’s own address in one click, and discards edits', async () => {
    serverWith([]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 198.51.100.0/24' }));
    expect(await screen.findByTestId('no-addresses')).toBeTruthy();
    expect(screen.getByTestId('current-ip-status').textContent).toBe('Every address allowed');
    fireEvent.click(screen.getByRole('button', { name: 'Add my address' }));
    expect(((await screen.findByLabelText('Address or range 1')) as HTMLInputElement).value).toBe(CURRENT_IP);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect((screen.getByLabelText('Address or range 1') as HTMLInputElement).value).toBe('198.51.100.0/24'));
  });

  it('is read-only without Modify', async () => {
    const spy = serverWith([]);
    render(false);
    const input = (await screen.findByLabelText('Address or range 1')) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    for (const name of ['Save', 'Add address', 'Add my address', 'Remove 198.51.100.0/24']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText(/View only/)).toBeTruthy();
    expect(sentBodies(spy)).toHaveLength(0);
  });
});
