import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import type { HostKey } from '@keydeck/contract/transfer';
import { OverlayHost } from '../../../lib/overlay-host';
import { createQueryClient } from '../../../lib/query-client';
import { sessionKeys } from '../../../lib/session';
import { jsonResponse, sessionWith, serviceLoginResponse } from '../../../test/render';
import { HostKeysPanel } from './host-keys-panel';

const SERVICE_ID = '3c9e1f0a-5b2d-4c8e-9f1a-7d6b5c4e3a21';
const key: HostKey = {
  id: 'k1',
  host: 'sftp.example.com',
  port: 22,
  key_type: 'ssh-ed25519',
  fingerprint: 'SHA256:abc123',
  public_key: 'AAAA',
  status: 'trusted',
  first_seen_at: '2026-11-01T08:00:00.000Z',
  last_seen_at: '2026-11-27T08:00:00.000Z',
  confirmed_by: 'op',
  confirmed_at: '2026-11-01T08:05:00.000Z',
  replaces: null,
  servers: ['Reports'],
};
const REFUSAL = Messages.hostKeyForgetFailed('sftp.example.com:22');

/** The service answers every forget of this key with its per-key refusal (the call itself succeeds: 200). */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.startsWith(ApiPath.hostKeys) && init?.method === 'DELETE') {
      return jsonResponse(200, { results: [{ name: 'sftp.example.com:22', success: false, message: REFUSAL }] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

function Panel() {
  const hostKeys = useQuery({ queryKey: ['host-keys-probe'], queryFn: async () => ({ host_keys: [key] }) });
  return <HostKeysPanel serviceId={SERVICE_ID} hostKeys={hostKeys} canModify onTrust={() => undefined} />;
}

/** The panel with the app's own query client (its central error toasts) and the real dialog and toast hosts. */
function renderPanel() {
  const queryClient = createQueryClient({ sessionLost: () => undefined, serviceSessionLost: () => undefined });
  queryClient.setQueryData(sessionKeys.all, sessionWith([]));
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <Panel />
        <OverlayHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('HostKeysPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a refused forget in its dialog, in the server’s words, until the user closes it', async () => {
    server();
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Forget the host key SHA256:abc123 of sftp.example.com:22' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forget host key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe(REFUSAL);
    // Well past a toast's 2.5 s the dialog still says it, and no toast repeats it.
    await new Promise((wait) => setTimeout(wait, 2700));
    expect(screen.getByRole('dialog', { name: 'Forget host key' })).toBe(dialog);
    expect(screen.getAllByText(REFUSAL)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 10_000);
});
