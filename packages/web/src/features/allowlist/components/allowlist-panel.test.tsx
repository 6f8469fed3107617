import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { confirmAction } from '../../../lib/dialogs';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { AllowlistPanel } from './allowlist-panel';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const CURRENT_IP = '198.51.100.7';
const list = (addresses: string[]) => ({
  account_id: 'a1',
  current_ip: CURRENT_IP,
  enforce_ip: true,
  admin_whitelist_allowance: 10,
  ip_addresses: addresses.map((ip, i) => ({ id: `e${i}`, ip_address: ip, created_at: '2025-01-01T00:00:00.000Z' })),
});

/** The server: GET answers the list; POST answers what `answers` holds, in turn. */
function serverWith(answers: Response[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (!init?.method || init.method === 'GET') return jsonResponse(200, list(['203.0.113.0/24']));
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next;
  });
}

const postedBodies = (spy: ReturnType<typeof serverWith>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function addAddress(value: string) {
  fireEvent.change(await screen.findByLabelText('IP address or range'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('AllowlistPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the caller’s current address and the entries', async () => {
    serverWith([]);
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.allowlistManage]));
    expect((await screen.findByTestId('current-ip')).textContent).toBe(CURRENT_IP);
    expect(await screen.findByText('203.0.113.0/24')).toBeTruthy();
  });

  it('asks with the server’s message on 409 and resends with confirm: true on Yes', async () => {
    const message = Messages.allowlistExcludesYou(CURRENT_IP);
    const spy = serverWith([jsonResponse(409, { message, error: 'confirmation_required', request_id: 'r1' }), jsonResponse(200, list(['203.0.113.0/24', '192.0.2.1']))]);
    vi.mocked(confirmAction).mockImplementation(yes);
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.allowlistManage]));
    await addAddress('192.0.2.1');
    expect(await screen.findByText('192.0.2.1')).toBeTruthy();
    expect(confirmAction).toHaveBeenCalledWith(message, expect.any(Function));
    expect(postedBodies(spy)).toEqual([
      { ip_address: '192.0.2.1', confirm: false },
      { ip_address: '192.0.2.1', confirm: true },
    ]);
  });

  it('sends nothing more when the user answers No', async () => {
    const spy = serverWith([jsonResponse(409, { message: Messages.allowlistExcludesYou(CURRENT_IP), error: 'confirmation_required' })]);
    vi.mocked(confirmAction).mockResolvedValue(null);
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.allowlistManage]));
    await addAddress('192.0.2.1');
    await waitFor(() => expect(confirmAction).toHaveBeenCalled());
    expect(postedBodies(spy)).toHaveLength(1);
    expect(screen.queryByText('192.0.2.1')).toBeNull();
    expect((screen.getByLabelText('IP address or range') as HTMLInputElement).value).toBe('192.0.2.1');
  });

  it('puts a duplicate and a bad address (400 field errors) under the field, without asking', async () => {
    serverWith([
      jsonResponse(400, { message: Messages.invalidRequest, errors: { ip_address: [Messages.allowlistDuplicate] } }),
      jsonResponse(400, { message: Messages.invalidRequest, errors: { ip_address: ['Not an address'] } }),
    ]);
    vi.mocked(confirmAction).mockClear();
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.allowlistManage]));
    await addAddress('203.0.113.0/24');
    expect(await screen.findByText(Messages.allowlistDuplicate)).toBeTruthy();
    await addAddress('203.0.113.9');
    expect(await screen.findByText('Not an address')).toBeTruthy();
    expect(confirmAction).not.toHaveBeenCalled();
  });

  it('checks the address with the contract before sending', async () => {
    const spy = serverWith([]);
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.allowlistManage]));
    await addAddress('not-an-ip');
    expect(await screen.findByText(/Enter an IPv4 or IPv6 address/)).toBeTruthy();
    expect(postedBodies(spy)).toHaveLength(0);
  });

  it('keeps Add and Remove visible but inert without allowlist:manage', async () => {
    const spy = serverWith([]);
    renderWithSession(<AllowlistPanel />, sessionWith([Permission.companyRead]));
    await screen.findByText('203.0.113.0/24');
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Remove 203.0.113.0/24' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByLabelText('IP address or range'), { target: { value: '192.0.2.1' } });
    fireEvent.click(add);
    fireEvent.submit(add.closest('form')!);
    expect(postedBodies(spy)).toHaveLength(0);
  });
});
