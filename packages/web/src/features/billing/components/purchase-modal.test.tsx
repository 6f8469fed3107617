import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { pickOption } from '../../../test/pick-option';
import { offer, subscription } from './billing.fixtures';
import { PurchaseModal } from './purchase-modal';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const servicesPage = {
  data: [],
  total: 0,
  service_locations: [
    { id: 'eu-west', name: 'Europe (Amsterdam)' },
    { id: 'us-east', name: 'US East' },
  ],
  server_locations: [],
  services_available: [],
  environments: ['Production', 'Test'],
  current_service_id: null,
};

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`${ApiPath.services}?`)) return jsonResponse(200, servicesPage);
    if (url === ApiPath.billingPurchases && init?.method === 'POST') return jsonResponse(201, { data: { subscription, service_id: subscription.service!.id } });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('PurchaseModal', () => {
  it('shows the price and how it is charged, then sends the contract body and reports the order', async () => {
    const spy = server();
    const onPurchased = vi.fn();
    renderWithSession(<PurchaseModal offer={offer} onClose={vi.fn()} onPurchased={onPurchased} />, sessionWith([Permission.companyRead, Permission.companyManage]));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Payment HSM' });
    const name = await within(dialog).findByRole('textbox', { name: 'Service name' });
    expect(within(dialog).getByTestId('purchase-price').textContent).toBe('€49.00 / month');
    expect(dialog.textContent).toContain('Charged monthly to your default card');

    fireEvent.change(name, { target: { value: 'payments-prod' } });
    await pickOption(dialog, 'Location', 'US East');
    await pickOption(dialog, 'Environment', 'Test');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Buy for/ }));

    await waitFor(() => expect(onPurchased).toHaveBeenCalledWith(subscription));
    const posts = spy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(posts).toEqual([{ price_id: offer.price_id, service: { name: 'payments-prod', location: 'us-east', environment: 'Test' } }]);
    expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'payments-prod ordered: it starts once approved.' });
  });

  it('refuses an empty name without calling the server', async () => {
    const spy = server();
    renderWithSession(<PurchaseModal offer={offer} onClose={vi.fn()} />, sessionWith([Permission.companyManage]));
    const dialog = await screen.findByRole('dialog', { name: 'Buy Payment HSM' });
    const name = await within(dialog).findByRole('textbox', { name: 'Service name' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Buy for/ }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
