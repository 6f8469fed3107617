import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { cloudHsm, HSM_ID } from '../cloud-hsm.fixtures';
import { DeprovisionModal } from './deprovision-modal';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const hsm = { id: HSM_ID, name: 'payments-1', cluster: null };

/** The DELETE answers with `answer`; every body sent is kept. */
function server(answer: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === apiPath(ApiPath.cloudHsm, { hsm_id: HSM_ID }) && init?.method === 'DELETE') return answer.clone();
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(input)}`);
  });
}
const sent = (spy: ReturnType<typeof server>) => spy.mock.calls.map(([, init]) => JSON.parse(String(init!.body)) as unknown);

function open(onClose = vi.fn()) {
  renderWithSession(<DeprovisionModal hsm={hsm} onClose={onClose} />, sessionWith([Permission.servicesRead, Permission.servicesManage]));
  return screen.getByRole('dialog', { name: 'Deprovision payments-1' });
}

describe('DeprovisionModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes ahead only once the HSM’s name is typed exactly, and sends the name typed', async () => {
    const spy = server(jsonResponse(202, { data: cloudHsm({ status: 'Deprovisioning', status_label: 'Deprovisioning' }) }));
    const onClose = vi.fn();
    const dialog = open(onClose);
    const button = within(dialog).getByRole('button', { name: 'Deprovision' }) as HTMLButtonElement;
    const input = within(dialog).getByRole('textbox', { name: 'Type payments-1 to confirm' });
    expect(button.disabled).toBe(true);

    // A near miss (another case, a missing character) keeps the button off and Enter sends nothing.
    fireEvent.change(input, { target: { value: 'Payments-1' } });
    expect(button.disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(await within(dialog).findByText(CloudHsmMessages.confirmName)).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'payments-1' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(spy)).toEqual([{ confirm_name: 'payments-1' }]);
    expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'payments-1 is being deprovisioned.' });
  });

  it('shows a refusal in the server’s words and stays open', async () => {
    const message = CloudHsmMessages.inCluster('Payments');
    server(jsonResponse(409, { message, error: 'cluster_member', request_id: 'r1' }));
    const onClose = vi.fn();
    const dialog = open(onClose);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type payments-1 to confirm' }), { target: { value: 'payments-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deprovision' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no deprovisioning while the HSM is a cluster member, and says what to do first', () => {
    const spy = server(jsonResponse(202, { data: cloudHsm() }));
    renderWithSession(<DeprovisionModal hsm={{ ...hsm, cluster: { id: 'c1', name: 'Payments' } }} onClose={vi.fn()} />, sessionWith([Permission.servicesManage]));
    const dialog = screen.getByRole('dialog', { name: 'Deprovision payments-1' });
    expect(dialog.textContent).toContain(CloudHsmMessages.inCluster('Payments'));
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Deprovision' })).toBeNull();
    expect(spy).not.toHaveBeenCalled();
  });
});
