import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { PartnerMessages } from '@keydeck/contract/partners';
import { Permission } from '@keydeck/contract/permissions';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { PartnerFormModal, type PartnerFormTarget } from './partner-form-modal';
import { northwindPartner, PARTNER_ID } from '../partner.fixtures';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const northwind = northwindPartner({ account_count: 2 });

/** Answers as the server does: 201 for a new partner, 200 for a change. */
const saved = (body: Record<string, unknown>, method?: string) => jsonResponse(method === 'POST' ? 201 : 200, { data: { ...northwind, ...body } });

function server(answer: (body: Record<string, unknown>, method?: string) => Response = saved) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST' || init?.method === 'PUT') return answer(JSON.parse(String(init.body)), init.method);
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(input)}`);
  });
}
const sent = (spy: ReturnType<typeof server>) => spy.mock.calls.map(([input, init]) => [init!.method, String(input), JSON.parse(String(init!.body))]);
const renderFor = (target: PartnerFormTarget) => renderWithSession(<PartnerFormModal target={target} onClose={() => undefined} />, sessionWith([Permission.platformAdmin]));
const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });

afterEach(() => vi.restoreAllMocks());

describe('partner form', () => {
  it('creates a partner with the contract body, then toasts', async () => {
    const spy = server();
    renderFor({});
    const dialog = await screen.findByRole('dialog', { name: 'New partner' });
    fireEvent.change(field(dialog, /Name/), { target: { value: ' Northwind Resale ' } });
    fireEvent.change(field(dialog, /Contact email/), { target: { value: 'sales@northwind.example' } });
    fireEvent.change(field(dialog, /Commission/), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create partner' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: PartnerMessages.created('Northwind Resale') }));
    expect(sent(spy)).toEqual([['POST', ApiPath.partners, { name: 'Northwind Resale', contact_email: 'sales@northwind.example', commission_percent: 12.5 }]]);
  });

  it('refuses a commission over 50 % before sending', async () => {
    const spy = server();
    renderFor({});
    const dialog = await screen.findByRole('dialog', { name: 'New partner' });
    fireEvent.change(field(dialog, /Name/), { target: { value: 'Greedy' } });
    fireEvent.change(field(dialog, /Contact email/), { target: { value: 'g@example.test' } });
    fireEvent.change(field(dialog, /Commission/), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create partner' }));
    expect(await within(dialog).findByText('At most 50')).toBeTruthy();
    expect(sent(spy)).toEqual([]);
  });

  it('edits a partner from its values with PUT, and shows a taken name on the name field', async () => {
    const taken = PartnerMessages.nameTaken('Contoso Channel');
    const spy = server((body) =>
      body.name === 'Contoso Channel' ? jsonResponse(409, { message: taken, errors: { name: [taken] }, request_id: 'r1' }) : jsonResponse(200, { data: { ...northwind, ...body } }),
    );
    renderFor({ partner: northwind });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Northwind Resale' });
    expect((field(dialog, /Commission/) as HTMLInputElement).value).toBe('12.5');
    fireEvent.change(field(dialog, /Name/), { target: { value: 'Contoso Channel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(field(dialog, /Name/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field(dialog, /Name/), { target: { value: 'Northwind Partners' } });
    fireEvent.change(field(dialog, /Commission/), { target: { value: '7.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: PartnerMessages.saved('Northwind Partners') }));
    expect(sent(spy)[1]).toEqual(['PUT', apiPath(ApiPath.partner, { partner_id: PARTNER_ID }), { name: 'Northwind Partners', contact_email: 'sales@northwind.example', commission_percent: 7.25 }]);
  });
});
