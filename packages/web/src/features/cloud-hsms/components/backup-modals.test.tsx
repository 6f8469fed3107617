import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { confirm } from '../../../lib/dialogs';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { cloudHsm, HSM_ID } from '../cloud-hsm.fixtures';
import { RestoreModal } from './backup-modals';

vi.mock('../../../lib/dialogs', () => ({ confirm: vi.fn() }));
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const hsm = { id: HSM_ID, name: 'payments-1' };
const PASSPHRASE = 'correct horse battery';
const MADE_AT = '2026-11-20T09:15:00.000Z';
const CHECK = apiPath(ApiPath.cloudHsmRestoreCheck, { hsm_id: HSM_ID });
const RESTORE = apiPath(ApiPath.cloudHsmRestore, { hsm_id: HSM_ID });

/** The server: a backup opens only with PASSPHRASE; every call is kept. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body)) as { passphrase: string };
    const unreadable = { message: CloudHsmMessages.backupUnreadable, errors: { content: [CloudHsmMessages.backupUnreadable] }, request_id: 'r1' };
    if (url === CHECK) return body.passphrase === PASSPHRASE ? jsonResponse(200, { data: { created_at: MADE_AT } }) : jsonResponse(400, unreadable);
    if (url === RESTORE) return jsonResponse(200, { data: cloudHsm() });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}
const called = (spy: ReturnType<typeof server>) => spy.mock.calls.map(([input]) => String(input));

async function fillAndSubmit(passphrase: string) {
  renderWithSession(<RestoreModal hsm={hsm} opened onClose={vi.fn()} />, sessionWith([Permission.servicesRead, Permission.servicesManage]));
  const dialog = await screen.findByRole('dialog', { name: 'Restore payments-1' });
  const file = new File([new Uint8Array([75, 68, 72, 83])], 'payments-1.hsmbackup');
  fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
  fireEvent.change(within(dialog).getByLabelText(/^Passphrase/), { target: { value: passphrase } });
  await waitFor(() => expect(within(dialog).getByText('payments-1.hsmbackup')).toBeTruthy());
  fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
  return dialog;
}

describe('RestoreModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a wrong passphrase in the dialog before asking to confirm, and restores nothing', async () => {
    const spy = server();
    const dialog = await fillAndSubmit('not the passphrase');
    expect((await within(dialog).findAllByText(CloudHsmMessages.backupUnreadable)).length).toBeGreaterThan(0);
    expect(confirm).not.toHaveBeenCalled();
    expect(called(spy)).toEqual([CHECK]);
  });

  it('asks to confirm only a backup that opens, naming when it was made, then restores it', async () => {
    const spy = server();
    vi.mocked(confirm).mockResolvedValueOnce(true);
    await fillAndSubmit(PASSPHRASE);
    await waitFor(() => expect(called(spy)).toEqual([CHECK, RESTORE]));
    expect(vi.mocked(confirm).mock.calls[0]![0]).toMatch(/^Restore payments-1 from its backup of .*2026/);
  });
});
