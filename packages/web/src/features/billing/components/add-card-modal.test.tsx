import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { STRIPE_UNAVAILABLE } from '../api/stripe-js';
import { AddCardModal } from './add-card-modal';

// js.stripe.com cannot be reached: Stripe's loader answers null (or rejects) instead of a Stripe object.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === ApiPath.billingSetupIntents && init?.method === 'POST') {
      // 200, as the server answers it: a call checks the status against the endpoint's declaration.
      return jsonResponse(200, { data: { client_secret: 'seti_1Pkey_secret_abc', publishable_key: 'pk_test_keydeck' } });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(input)}`);
  });
}

describe('AddCardModal', () => {
  it('says card entry is unavailable when Stripe.js does not load, instead of waiting forever', async () => {
    server();
    vi.mocked(loadStripe).mockResolvedValue(null);
    renderWithSession(<AddCardModal opened onClose={vi.fn()} />, sessionWith([Permission.companyManage]));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(STRIPE_UNAVAILABLE);
    expect(STRIPE_UNAVAILABLE).toBe(
      'Card entry is unavailable: Stripe.js could not be loaded from js.stripe.com. Check your network or content blocker, then reload.',
    );
    expect(loadStripe).toHaveBeenCalledWith('pk_test_keydeck');
  });

  it('says the same when the script is blocked and the loader rejects', async () => {
    server();
    vi.mocked(loadStripe).mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderWithSession(<AddCardModal opened onClose={vi.fn()} />, sessionWith([Permission.companyManage]));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(STRIPE_UNAVAILABLE);
  });
});
