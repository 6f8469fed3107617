import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Permission } from '@keydeck/contract/permissions';
import { formatDate } from '../../../lib/datetime';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { UpcomingChargeCard } from './upcoming-charge-card';

afterEach(() => vi.restoreAllMocks());

describe('UpcomingChargeCard', () => {
  it('shows the next charge as money in its currency, with its date', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: { amount: 4900, currency: 'eur', date: '2026-12-25T00:00:00.000Z' } }));
    renderWithSession(<UpcomingChargeCard />, sessionWith([Permission.companyRead]));
    expect((await screen.findByTestId('upcoming-amount')).textContent).toBe('€49.00');
    expect(screen.getByText(`On ${formatDate('2026-12-25T00:00:00.000Z')}, to your default card`)).toBeTruthy();
  });

  it('says when nothing is due', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: null }));
    renderWithSession(<UpcomingChargeCard />, sessionWith([Permission.companyRead]));
    expect(await screen.findByText('No upcoming charge')).toBeTruthy();
  });
});
