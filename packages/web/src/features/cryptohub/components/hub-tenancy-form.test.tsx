import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CryptoHubMessages, type HubTenancy } from '@keydeck/contract/cryptohub';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { useSaveTenancy } from '../api/cryptohub.api';
import { HubTenancyForm, quotaUsage } from './hub-tenancy-form';

const ACCOUNT_ID = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
const tenancy: HubTenancy = {
  account_id: ACCOUNT_ID,
  configured: true,
  enabled: true,
  home_region: 'eu-west',
  support_tier: 'premium',
  max_services: 3,
  max_cloud_hsms: null,
  usage: { services: 2, cloud_hsms: 4 },
  regions: [
    { id: 'eu-central', name: 'EU Central (Frankfurt)' },
    { id: 'eu-west', name: 'EU West (Dublin)' },
  ],
  updated_at: '2026-11-24T10:00:00.000Z',
  updated_by: 'admin',
};

/** The form as the tab wires it: saving sends PUT on the account's tenancy. */
function Harness() {
  const save = useSaveTenancy(ACCOUNT_ID);
  return <HubTenancyForm tenancy={tenancy} pending={save.isPending} onSubmit={(body) => save.mutateAsync(body)} />;
}
function server(answer: (body: Record<string, unknown>) => Response = (body) => jsonResponse(200, { data: { ...tenancy, ...body } })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') return answer(JSON.parse(String(init.body)));
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(input)}`);
  });
}
const sent = (spy: ReturnType<typeof server>) => spy.mock.calls.map(([input, init]) => [init!.method, String(input), JSON.parse(String(init!.body))]);
const quota = (label: RegExp) => screen.getByRole('textbox', { name: label });

afterEach(() => vi.restoreAllMocks());

describe('CryptoHub tenancy form', () => {
  it('shows the usage beside each quota, following the quota typed', () => {
    server();
    renderWithSession(<Harness />, sessionWith([Permission.platformAdmin]));
    expect(screen.getByTestId('max_services-usage').textContent).toBe('2 of 3 in use');
    expect(screen.getByTestId('max_cloud_hsms-usage').textContent).toBe('4 in use · unlimited');
    fireEvent.change(quota(/Maximum cloud HSMs/), { target: { value: '2' } });
    expect(screen.getByTestId('max_cloud_hsms-usage').textContent).toBe('4 of 2 in use · over the quota');
    fireEvent.change(quota(/Maximum services/), { target: { value: '' } });
    expect(screen.getByTestId('max_services-usage').textContent).toBe('2 in use · unlimited');
  });

  it('sends the contract body: an empty quota is unlimited (null)', async () => {
    const spy = server();
    renderWithSession(<Harness />, sessionWith([Permission.platformAdmin]));
    fireEvent.click(screen.getByRole('switch', { name: /Enabled/ }));
    fireEvent.change(quota(/Maximum services/), { target: { value: '' } });
    fireEvent.change(quota(/Maximum cloud HSMs/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tenancy' }));
    await waitFor(() =>
      expect(sent(spy)).toEqual([
        [
          'PUT',
          apiPath(ApiPath.accountCryptoHub, { account_id: ACCOUNT_ID }),
          { enabled: false, home_region: 'eu-west', support_tier: 'premium', max_services: null, max_cloud_hsms: 5 },
        ],
      ]),
    );
  });

  it("shows the server's refusal of the region on its field", async () => {
    server(() => jsonResponse(400, { message: 'Invalid request', errors: { home_region: [CryptoHubMessages.regionUnknown] }, request_id: 'r1' }));
    renderWithSession(<Harness />, sessionWith([Permission.platformAdmin]));
    fireEvent.click(screen.getByRole('button', { name: 'Save tenancy' }));
    expect(await screen.findByText(CryptoHubMessages.regionUnknown)).toBeTruthy();
  });

  it('words usage against a quota', () => {
    expect(quotaUsage(0, 0)).toBe('0 of 0 in use');
    expect(quotaUsage(3, null)).toBe('3 in use · unlimited');
  });
});
