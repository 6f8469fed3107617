import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { symmetricKeysQuery } from '@keydeck/contract/payment-keys';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { SymmetricKeysSection } from './symmetric-keys-section';
import { keyGroup, symmetricKey } from '../payment-key.fixtures';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b05';
const service = enabledService(SERVICE_ID);
const kek = symmetricKey();

function server(level: 'View' | 'Modify', singleOperator = false) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Key: level });
    if (url.startsWith(ApiPath.keyCustodians)) {
      return jsonResponse(200, { custodians: [], candidates: [], policy: { opener_may_be_custodian: false, single_operator_entry: singleOperator } });
    }
    if (url.startsWith(ApiPath.keyGroups)) {
      return jsonResponse(200, { groups: [keyGroup('Acquirer', { key_count: 1 })] });
    }
    if (url.startsWith(ApiPath.symmetricKeys) && init?.method === 'PUT') {
      return jsonResponse(200, { results: [{ name: 'KEK 1', success: true, message: Messages.keyRotated('KEK 1', '1A2B3C') }] });
    }
    if (url.startsWith(ApiPath.symmetricKeys)) return jsonResponse(200, { data: [kek], total: 1, total_capped: false, next_cursor: null, prev_cursor: null });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const render = () =>
  renderWithSession(<SymmetricKeysSection service={service} list={{ search: symmetricKeysQuery.parse({}), onChange: vi.fn() }} />, sessionWith([]));

describe('SymmetricKeysSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each key with its KCV and TR-31 codes, and offers no change without Key at Modify', async () => {
    server('View');
    render();
    const table = await screen.findByRole('table', { name: 'Symmetric keys' });
    const row = (await within(table).findByText('KEK 1')).closest('tr')!;
    expect(row.textContent).toContain('08D7B4');
    expect(row.textContent).toContain('Key encryption or wrapping (KEK)');
    expect(screen.queryByRole('button', { name: 'Generate key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for KEK 1' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it("offers the one-screen component import only where the service's policy allows single-operator entry, and warns in it", async () => {
    const spy = server('Modify');
    const { unmount } = render();
    expect(await screen.findByRole('button', { name: 'Generate key' })).toBeTruthy();
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).startsWith(ApiPath.keyCustodians))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Import from components' })).toBeNull();
    unmount();
    vi.restoreAllMocks();

    server('Modify', true);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Import from components' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a key from components' });
    expect(within(dialog).getByText('Single-operator entry: one person sees every component. This is not split knowledge.')).toBeTruthy();
  });

  it('rotates a key only after a confirmation saying what rotation does, then says the new KCV', async () => {
    const spy = server('Modify');
    vi.mocked(confirmAction).mockResolvedValueOnce(null).mockImplementationOnce(yes);
    render();
    const rotate = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for KEK 1' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate…', hidden: true }));
    };

    await rotate();
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(vi.mocked(confirmAction).mock.calls[0]![0]).toMatch(/^Rotate KEK 1\? .*the key version goes up by one and the KCV changes/);
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await rotate();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: Messages.keyRotated('KEK 1', '1A2B3C') }));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ symmetric_keys: ['KEK 1'], action: 'rotate' });
  });
});
