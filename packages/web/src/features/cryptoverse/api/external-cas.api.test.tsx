import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Messages } from '@keydeck/contract/messages';
import { createQueryClient } from '../../../lib/query-client';
import { showToast } from '../../../lib/toasts';
import { jsonResponse } from '../../../test/render';
import { externalCaQueryOptions, externalCasQueryOptions, useCreateExternalCa } from './external-cas.api';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b01';
const LIST = { page: 1, page_size: 10, order: 'asc', order_by: 'name', unarchivedOnly: false } as const;

/** The app's query client: its central error handling makes the toasts. */
function appClient() {
  const handlers = { sessionLost: vi.fn(), serviceSessionLost: vi.fn() };
  return { client: createQueryClient(handlers), handlers };
}
const answer = (response: Response) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);

describe('external CA calls and their toasts (spec §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('toasts "Failed fetching External CAs." with "Validation failed: ..." for a list that breaks the contract', async () => {
    answer(jsonResponse(200, { data: [{ id: 'x', name: 'Partner Root' }], total: 1 }));
    const { client } = appClient();
    await expect(client.fetchQuery(externalCasQueryOptions(SERVICE_ID, LIST))).rejects.toThrow(/^Validation failed: /);
    const [[toast]] = vi.mocked(showToast).mock.calls as [[{ color: string; message: string }]];
    expect(toast.color).toBe('error');
    expect(toast.message).toMatch(/^Failed fetching External CAs\.\nValidation failed: data\.0\.is_archived: /);
  });

  it('toasts "Failed receiving details of the external CA <name>." with the fallback', async () => {
    answer(new Response('', { status: 500 }));
    const { client } = appClient();
    await expect(client.fetchQuery(externalCaQueryOptions(SERVICE_ID, { id: 'id-1', name: 'Partner Root' }))).rejects.toThrow();
    expect(showToast).toHaveBeenCalledWith({
      color: 'error',
      message: 'Failed receiving details of the external CA Partner Root.\nFailed to fetch an externalCa.',
    });
  });

  it('hands a refused upload to its dialog as "Failed to create external CA: <name> Error: Invalid certificate.", with no toast over it', async () => {
    vi.mocked(showToast).mockClear();
    answer(jsonResponse(400, { message: Messages.externalCaNotCa, request_id: 'r1' }));
    const { client } = appClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useCreateExternalCa(SERVICE_ID), { wrapper });
    result.current.mutate({ externalCaName: 'Partner Leaf', externalCaFile: 'MIIB' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(`Failed to create external CA: Partner Leaf Error: Invalid certificate.\n${Messages.externalCaNotCa}`);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends an expired service session to the service login with the spec toast', async () => {
    answer(jsonResponse(403, { message: Messages.serviceSessionExpired, error: 'service_session_required', request_id: 'r1' }));
    const { client, handlers } = appClient();
    await expect(client.fetchQuery(externalCasQueryOptions(SERVICE_ID, LIST))).rejects.toThrow();
    expect(showToast).toHaveBeenCalledWith({ color: 'error', message: 'Your service session has expired. Please login again.' });
    expect(handlers.serviceSessionLost).toHaveBeenCalledWith(SERVICE_ID);
  });
});
