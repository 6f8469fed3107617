import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { OverlayHost } from '../../../lib/overlay-host';
import { createQueryClient } from '../../../lib/query-client';
import { sessionKeys } from '../../../lib/session';
import { jsonResponse, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { DeviceModelsSection } from './device-models-section';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b09';
const service = enabledService(SERVICE_ID);
const REFUSAL = Messages.deviceModelInUse('Verifone V200c', 3);

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Device: 'Modify' });
    if (url.startsWith(ApiPath.deviceModels.replace(':service_id', SERVICE_ID))) {
      if (init?.method === 'DELETE') return jsonResponse(409, { message: REFUSAL, request_id: 'req-1' });
      return jsonResponse(200, { data: [{ name: 'Verifone V200c', device_count: 3 }] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

/** The section with the app's own query client (its central error toasts) and the real dialog and toast hosts. */
function renderSection() {
  const queryClient = createQueryClient({ sessionLost: () => undefined, serviceSessionLost: () => undefined });
  queryClient.setQueryData(sessionKeys.all, sessionWith([]));
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <DeviceModelsSection service={service} />
        <OverlayHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('DeviceModelsSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a refused delete in its dialog, in the server’s words once, until the user closes it', async () => {
    server();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Verifone V200c' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe(REFUSAL);
    expect(document.body.textContent).not.toContain('Could not delete the device model');
    // Still there well past a toast's 2.5 s, and no Yes that would only be refused again.
    await new Promise((wait) => setTimeout(wait, 2700));
    expect(screen.getByRole('dialog', { name: 'Confirmation' })).toBe(dialog);
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 10_000);

  it('says what an empty service lacks and how to add a model (issue 27)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
      if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Device: 'Modify' });
      return jsonResponse(200, { data: [] });
    });
    renderSection();
    expect(await screen.findByText('No device models yet. Add one with New model, then assign it to devices from Remote Devices.')).toBeTruthy();
  });
});
