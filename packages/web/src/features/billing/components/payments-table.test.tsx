import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { BillingMessages } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { confirmAction } from '../../../lib/dialogs';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { ACCOUNT_ID, payment } from './billing.fixtures';
import { PaymentsTable } from './payments-table';

vi.mock('../../../lib/dialogs', () => ({ confirmAction: vi.fn() }));
/** The confirm dialog answered Yes: it runs the action. */
const yes = (_question: string, run: () => Promise<unknown>) => run();
vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

afterEach(() => vi.restoreAllMocks());

const list = { state: { page: 1, page_size: 10, order: 'desc' as const, order_by: 'occurred_at' as const }, onChange: vi.fn() };

describe('PaymentsTable', () => {
  it('offers retry for a failed payment and refuses its refund with the reason', async () => {
    const failed = payment();
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [failed], total: 1 }));
    renderWithSession(<PaymentsTable accountId={ACCOUNT_ID} list={list} />, sessionWith([Permission.platformAdmin]));

    const refund = await screen.findByRole('button', { name: `Refund ${failed.invoice_id}` });
    expect(refund.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: `Retry ${failed.invoice_id}` }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByText('€49.00')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();

    fireEvent.mouseEnter(refund);
    expect(await screen.findByText(BillingMessages.notRefundable)).toBeTruthy();
    fireEvent.click(refund);
    expect(confirmAction).not.toHaveBeenCalled();
    expect(spy.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(String(spy.mock.calls[0]![0])).toContain(`account_id=${ACCOUNT_ID}`);
  });

  it('refunds a paid payment after the confirmation', async () => {
    const paid = payment({ invoice_id: 'in_1PkeyPaid', status: 'paid', failure_message: null, attempt_count: 1 });
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? jsonResponse(200, { data: { ...paid, status: 'refunded' } }) : jsonResponse(200, { data: [paid], total: 1 }),
    );
    vi.mocked(confirmAction).mockImplementation(yes);
    renderWithSession(<PaymentsTable accountId={ACCOUNT_ID} list={list} />, sessionWith([Permission.platformAdmin]));
    expect((await screen.findByRole('button', { name: `Retry ${paid.invoice_id}` })).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: `Refund ${paid.invoice_id}` }));
    await vi.waitFor(() => expect(spy.mock.calls.some(([path, init]) => init?.method === 'POST' && String(path).endsWith(`/admin/payments/${paid.invoice_id}/refund`))).toBe(true));
    expect(vi.mocked(confirmAction).mock.calls[0]![0]).toContain('Refund €49.00 to Acme Payments?');
  });
});
