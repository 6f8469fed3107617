import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { confirmAction } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { HSM_ID } from '../cloud-hsm.fixtures';
import { PinActions } from './pin-actions';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const hsm = { id: HSM_ID, name: 'payments-1', pins_shown: false, status: 'Enabled' as const };
const SO_PIN = 'So-7fQ2xK9mP4wZ';
const USER_PIN = 'Us-3hT8nB6vR1cY';
const NEW_USER_PIN = 'Us-9dL2kW5qJ7eA';

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === apiPath(ApiPath.cloudHsmPins, { hsm_id: HSM_ID }) && init?.method === 'POST') return jsonResponse(200, { data: { so_pin: SO_PIN, user_pin: USER_PIN } });
    if (url === apiPath(ApiPath.cloudHsmUserPin, { hsm_id: HSM_ID }) && init?.method === 'POST') return jsonResponse(200, { data: { user_pin: NEW_USER_PIN } });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

/** Everything TanStack Query holds, as text: no PIN may be found in it. */
function cached(queryClient: ReturnType<typeof renderWithSession>['queryClient']): string {
  const queries = queryClient.getQueryCache().getAll().map((query) => query.state.data);
  const mutations = queryClient.getMutationCache().getAll().map((mutation) => mutation.state.data);
  return JSON.stringify([queries, mutations]);
}

describe('PinActions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the PINs once with a warning, closes only once the user says they kept them, and keeps them in no cache', async () => {
    server();
    const { queryClient, rerender } = renderWithSession(<PinActions hsm={hsm} />, sessionWith([Permission.servicesRead, Permission.servicesManage]));
    fireEvent.click(screen.getByRole('button', { name: 'Show PINs' }));

    const dialog = await screen.findByRole('dialog', { name: 'PINs of payments-1' });
    expect(within(dialog).getByText('They will not be shown again')).toBeTruthy();
    expect(within(dialog).getByTestId('secret-user-pin').textContent).toContain(USER_PIN);
    expect(within(dialog).getByTestId('secret-so-pin').textContent).toContain(SO_PIN);
    await waitFor(() => expect(cached(queryClient)).not.toContain(USER_PIN));

    const done = within(dialog).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'PINs of payments-1' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have stored them somewhere safe' }));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(USER_PIN);
    expect(cached(queryClient)).not.toContain(SO_PIN);

    // Once shown, the button is gone and the page says why.
    rerender(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <PinActions hsm={{ ...hsm, pins_shown: true }} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Show PINs' })).toBeNull();
    expect(screen.getByTestId('pins-shown').textContent).toBe(`${CloudHsmMessages.pinsShown}.`);
  });

  it('rotates the user PIN only after a confirmation and shows the new one once', async () => {
    const spy = server();
    const { queryClient } = renderWithSession(<PinActions hsm={{ ...hsm, pins_shown: true }} />, sessionWith([Permission.servicesRead, Permission.servicesManage]));
    vi.mocked(confirmAction).mockResolvedValueOnce(null);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate user PIN' }));
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    expect(spy).not.toHaveBeenCalled();

    vi.mocked(confirmAction).mockImplementationOnce(yes);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate user PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user PIN of payments-1' });
    expect(within(dialog).getByTestId('secret-user-pin').textContent).toContain(NEW_USER_PIN);
    expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'User PIN of payments-1 rotated.' });
    await waitFor(() => expect(cached(queryClient)).not.toContain(NEW_USER_PIN));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have stored it somewhere safe' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_USER_PIN);
  });

  it('offers the actions disabled, with the reason, to a user who may only look', () => {
    renderWithSession(<PinActions hsm={hsm} />, sessionWith([Permission.servicesRead]));
    expect(screen.getByRole('button', { name: 'Show PINs' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Rotate user PIN' }).getAttribute('aria-disabled')).toBe('true');
  });
});
