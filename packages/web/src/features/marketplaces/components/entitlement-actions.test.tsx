import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { MarketplaceMessages, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { EntitlementActionButtons, EntitlementDialogs, type EntitlementDialog } from './entitlement-actions';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const ACCOUNT_ID = '6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b';
const PAYMENTS = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const ARCHIVE = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';

const pending: MarketplaceEntitlement = {
  account: { id: ACCOUNT_ID, name: 'Fabrikam' },
  provider: 'azure',
  provider_label: 'Azure Marketplace',
  token_fingerprint: '3fa9c0d1',
  recorded_at: '2026-11-20T09:30:00.000Z',
  state: 'pending',
  plan: null,
  reason: null,
  decided_by: null,
  decided_at: null,
  services: [],
};
const approved: MarketplaceEntitlement = {
  ...pending,
  state: 'approved',
  plan: 'Enterprise',
  decided_by: 'admin',
  decided_at: '2026-11-21T10:00:00.000Z',
  services: [{ id: PAYMENTS, name: 'Payments HSM', type: 'cryptoverse', status: 'Enabled' }],
};

const service = (id: string, name: string) => ({
  id,
  account_id: ACCOUNT_ID,
  name,
  type: 'cryptoverse',
  type_name: 'Cryptoverse',
  status: 'Enabled',
  use_jwt: false,
  location: 'eu-central',
  environment: 'Production',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const servicesPage = {
  data: [service(PAYMENTS, 'Payments HSM'), service(ARCHIVE, 'Archive keys')],
  total: 2,
  service_locations: [],
  server_locations: [],
  services_available: [],
  environments: [],
  current_service_id: null,
};

function server(answer: (url: string, body: unknown) => Response = (_url, body) => jsonResponse(200, { data: { ...approved, ...(body as object) } })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith(`${ApiPath.services}?`)) return jsonResponse(200, servicesPage);
    if (init?.method === 'POST' || init?.method === 'PUT') return answer(url, JSON.parse(String(init.body)));
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}
const sent = (spy: ReturnType<typeof server>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT').map(([input, init]) => [init!.method, String(input), JSON.parse(String(init!.body))]);

/** The buttons and the dialogs as a page puts them together. */
function Harness({ entitlement }: { entitlement: MarketplaceEntitlement }) {
  const [dialog, setDialog] = useState<EntitlementDialog>(null);
  return (
    <>
      <EntitlementActionButtons entitlement={entitlement} onOpen={setDialog} />
      <EntitlementDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
const renderFor = (entitlement: MarketplaceEntitlement) => renderWithSession(<Harness entitlement={entitlement} />, sessionWith([Permission.platformAdmin]));

async function chooseService(dialog: HTMLElement, name: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: /Services it pays for/ }));
  const list = await screen.findByRole('listbox', { hidden: true });
  fireEvent.click(await within(list).findByText(new RegExp(`^${name}`)));
}

afterEach(() => vi.restoreAllMocks());

describe('marketplace entitlement actions', () => {
  it('approves on a plan with the services chosen: the contract body, then a toast', async () => {
    const spy = server();
    renderFor(pending);
    fireEvent.click(screen.getByRole('button', { name: 'Approve Fabrikam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the entitlement of Fabrikam' });
    expect(dialog.textContent).toContain('token 3fa9c0d1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Plan/ }), { target: { value: '  Enterprise annual ' } });
    await chooseService(dialog, 'Archive keys');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: MarketplaceMessages.approved('Fabrikam') }));
    expect(sent(spy)).toEqual([['POST', apiPath(ApiPath.accountMarketplaceEntitlementApprove, { account_id: ACCOUNT_ID }), { plan: 'Enterprise annual', service_ids: [ARCHIVE] }]]);
  });

  it('needs a plan before sending, and shows the server’s refusal of a service on the services field', async () => {
    const spy = server(() => jsonResponse(400, { message: Messages.invalidRequest, errors: { service_ids: [MarketplaceMessages.notAccountService] }, request_id: 'r1' }));
    renderFor(pending);
    fireEvent.click(screen.getByRole('button', { name: 'Approve Fabrikam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the entitlement of Fabrikam' });
    const plan = within(dialog).getByRole('textbox', { name: /Plan/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(plan.getAttribute('aria-invalid')).toBe('true'));
    expect(sent(spy)).toEqual([]);

    fireEvent.change(plan, { target: { value: 'Standard' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(MarketplaceMessages.notAccountService)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Approve the entitlement of Fabrikam' })).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const spy = server((_url, body) => jsonResponse(200, { data: { ...pending, state: 'rejected', ...(body as object) } }));
    renderFor(pending);
    fireEvent.click(screen.getByRole('button', { name: 'Reject Fabrikam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the entitlement of Fabrikam' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Enter a reason')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent(spy)).toEqual([]);

    fireEvent.change(reason, { target: { value: 'No matching Azure subscription' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: MarketplaceMessages.rejected('Fabrikam') }));
    expect(sent(spy)).toEqual([['POST', apiPath(ApiPath.accountMarketplaceEntitlementReject, { account_id: ACCOUNT_ID }), { reason: 'No matching Azure subscription' }]]);
  });

  it('offers Edit services once approved, starting from the services linked now', async () => {
    const spy = server();
    renderFor(approved);
    expect(screen.queryByRole('button', { name: 'Approve Fabrikam' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit services of Fabrikam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Services paid by the entitlement of Fabrikam' });
    await chooseService(dialog, 'Archive keys');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save services' }));
    await waitFor(() => expect(sent(spy)).toEqual([['PUT', apiPath(ApiPath.accountMarketplaceEntitlementServices, { account_id: ACCOUNT_ID }), { service_ids: [PAYMENTS, ARCHIVE] }]]));
  });

  it('offers nothing on a rejected entitlement', () => {
    renderFor({ ...pending, state: 'rejected', reason: 'No', decided_by: 'admin', decided_at: pending.recorded_at });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
