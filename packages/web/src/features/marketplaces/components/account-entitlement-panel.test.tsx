import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { MarketplaceMessages, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { entitlementQueryOptions } from '../api/marketplaces.api';
import { AccountEntitlementPanel } from './account-entitlement-panel';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const ACCOUNT_ID = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
const google: MarketplaceEntitlement = {
  account: { id: ACCOUNT_ID, name: 'Wingtip' },
  provider: 'google',
  provider_label: 'Google Cloud Marketplace',
  token_fingerprint: '9be41c07',
  recorded_at: '2026-11-20T09:30:00.000Z',
  state: 'approved',
  plan: 'Enterprise',
  reason: null,
  decided_by: 'admin',
  decided_at: '2026-11-21T10:00:00.000Z',
  services: [{ id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Payments HSM', type: 'cryptoverse', status: 'Enabled' }],
};

function answer(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === apiPath(ApiPath.accountMarketplaceEntitlement, { account_id: ACCOUNT_ID })) return jsonResponse(status, body);
    throw new Error(`unexpected ${String(input)}`);
  });
}
const renderPanel = () => renderWithSession(<AccountEntitlementPanel accountId={ACCOUNT_ID} />, sessionWith([Permission.platformAdmin]));

afterEach(() => vi.restoreAllMocks());

describe('AccountEntitlementPanel', () => {
  it('says so, without an error, when the account did not sign up through a marketplace', async () => {
    answer(404, { message: MarketplaceMessages.noEntitlement, request_id: 'r1' });
    renderPanel();
    expect((await screen.findByTestId('no-marketplace')).textContent).toBe('This account did not sign up through a marketplace.');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows the entitlement whatever its marketplace: state, plan, services and the token fingerprint only', async () => {
    answer(200, { data: google });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Google Cloud Marketplace' })).toBeTruthy();
    expect(screen.getByTestId('entitlement-state').textContent).toBe('Approved');
    expect(screen.getByText('Plan: Enterprise')).toBeTruthy();
    expect(screen.getByText('Payments HSM')).toBeTruthy();
    expect(screen.getByText('9be41c07')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit services of Wingtip' })).toBeTruthy();
  });

  it('leaves any other failure to the central error toast', async () => {
    answer(500, { message: Messages.unexpectedError, request_id: 'r2' });
    const { queryClient } = renderPanel();
    await waitFor(() => expect(queryClient.getQueryState(entitlementQueryOptions(ACCOUNT_ID).queryKey)?.status).toBe('error'));
    expect(screen.queryByTestId('no-marketplace')).toBeNull();
  });
});
