import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { PartnerMessages } from '@keydeck/contract/partners';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { AccountPartnerPanel } from './account-partner-panel';
import { northwindPartner, PARTNER_ID } from '../partner.fixtures';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const ACCOUNT_ID = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
const partner = northwindPartner();
const assignment = {
  partner: { id: PARTNER_ID, name: partner.name, status: 'active', commission_percent: 12.5, contact_email: partner.contact_email },
  assigned_at: '2026-11-24T10:00:00.000Z',
  assigned_by: 'admin',
};

function server(answerPut: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PUT') return answerPut();
    if (url.startsWith(`${ApiPath.partners}?`)) return jsonResponse(200, { data: [partner], total: 1 });
    if (url === apiPath(ApiPath.accountPartner, { account_id: ACCOUNT_ID })) return jsonResponse(200, { data: null });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}
const puts = (spy: ReturnType<typeof server>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([input, init]) => [String(input), JSON.parse(String(init!.body))]);

async function assignNorthwind() {
  renderWithSession(<AccountPartnerPanel accountId={ACCOUNT_ID} />, sessionWith([Permission.platformAdmin]));
  expect((await screen.findByTestId('no-partner')).textContent).toBe(PartnerMessages.noPartner);
  fireEvent.click(screen.getByRole('button', { name: 'Assign a partner' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign a partner' });
  fireEvent.click(within(dialog).getByRole('combobox', { name: /Partner/ }));
  const list = await screen.findByRole('listbox', { hidden: true });
  fireEvent.click(await within(list).findByText('Northwind Resale (12.5 %)'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
  return dialog;
}

afterEach(() => vi.restoreAllMocks());

describe("the account's partner tab", () => {
  it('assigns an active partner with the contract body, then toasts', async () => {
    const spy = server(() => jsonResponse(200, { data: assignment }));
    await assignNorthwind();
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: PartnerMessages.assigned('Northwind Resale') }));
    expect(puts(spy)).toEqual([[apiPath(ApiPath.accountPartner, { account_id: ACCOUNT_ID }), { partner_id: PARTNER_ID }]]);
  });

  it('shows the refusal of a suspended partner in the dialog', async () => {
    const message = PartnerMessages.suspended('Northwind Resale');
    server(() => jsonResponse(409, { message, errors: { partner_id: [message] }, request_id: 'r1' }));
    const dialog = await assignNorthwind();
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Assign a partner' })).toBeTruthy();
  });
});
