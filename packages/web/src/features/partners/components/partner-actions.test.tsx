import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { PartnerMessages } from '@keydeck/contract/partners';
import { Permission } from '@keydeck/contract/permissions';
import { OverlayHost } from '../../../lib/overlay-host';
import { createQueryClient } from '../../../lib/query-client';
import { sessionKeys } from '../../../lib/session';
import { jsonResponse, sessionWith } from '../../../test/render';
import { PartnerActions } from './partner-actions';
import { northwindPartner, PARTNER_ID } from '../partner.fixtures';

const partner = northwindPartner();
const REFUSAL = PartnerMessages.alreadySuspended('Northwind Resale');

/** Another administrator suspended the partner meanwhile: the server refuses, in its words. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && url === apiPath(ApiPath.partnerSuspend, { partner_id: PARTNER_ID })) {
      return jsonResponse(409, { message: REFUSAL, request_id: 'r1' });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

/** The actions with the app's own query client (its central error toasts) and the real dialog and toast hosts. */
function renderActions() {
  const queryClient = createQueryClient({ sessionLost: () => undefined, serviceSessionLost: () => undefined });
  queryClient.setQueryData(sessionKeys.all, sessionWith([Permission.platformAdmin]));
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <PartnerActions partner={partner} onEdit={() => undefined} />
        <OverlayHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('PartnerActions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a refused suspension in its dialog, in the server’s words once, until the user closes it', async () => {
    server();
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend Northwind Resale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend partner' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUSAL);
    // Well past a toast's 2.5 s the dialog still says it, and no toast repeats it.
    await new Promise((wait) => setTimeout(wait, 2700));
    expect(screen.getByRole('dialog', { name: 'Suspend partner' })).toBe(dialog);
    expect(screen.getAllByText(REFUSAL)).toHaveLength(1);
    expect(document.body.textContent).not.toContain('Could not change the partner');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 10_000);
});
