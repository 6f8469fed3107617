import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { pickOption } from '../../../test/pick-option';
import { ACCOUNT_ID, blueprint, cloudHsm, SERVICE_ID } from '../cloud-hsm.fixtures';
import { RequestCloudHsmModal } from './request-cloud-hsm-modal';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const LIST = apiPath(ApiPath.cloudHsms, { account_id: ACCOUNT_ID, service_id: SERVICE_ID });
const standard = blueprint();
const large = blueprint({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Large',
  model: 'SoftHSM2-XL',
  partitions: 4,
  ports: 3,
  zones: [
    { id: '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a', name: 'ams-a', datacenter_name: 'Amsterdam 1', location: 'Amsterdam' },
    { id: '7e6d5c4b-3a2f-4e1d-8c9b-8a7f6e5d4c3b', name: 'ams-b', datacenter_name: 'Amsterdam 2', location: 'Amsterdam' },
  ],
});

function server(answer: Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === ApiPath.cloudCatalogue) return jsonResponse(200, { data: [standard, large], total: 2 });
    if (url === LIST && init?.method === 'POST') return answer.clone();
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}
const posted = (spy: ReturnType<typeof server>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as unknown);

async function open() {
  renderWithSession(
    <RequestCloudHsmModal service={{ accountId: ACCOUNT_ID, serviceId: SERVICE_ID }} opened onClose={vi.fn()} />,
    sessionWith([Permission.servicesRead, Permission.servicesManage]),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Request a cloud HSM' });
  await within(dialog).findByRole('textbox', { name: 'Name' });
  return dialog;
}

describe('RequestCloudHsmModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the locations of the chosen blueprint, shows what it makes, and sends name, blueprint and location', async () => {
    const spy = server(jsonResponse(202, { data: cloudHsm({ name: 'signing', status: 'PendingProvisioning', step: 'requested' }) }));
    const dialog = await open();
    expect((within(dialog).getByLabelText('Location', { exact: false, selector: 'input' }) as HTMLInputElement).disabled).toBe(true);

    await pickOption(dialog, 'Blueprint', 'Large');
    const facts = within(dialog).getByRole('region', { name: 'Blueprint Large' });
    expect(facts.textContent).toContain('ModelSoftHSM2-XL');
    expect(facts.textContent).toContain('Partitions4');
    expect(facts.textContent).toContain('Ports3');
    // Two locations: none is chosen for the user.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'signing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request cloud HSM' }));
    expect(await within(dialog).findByText('Choose a location')).toBeTruthy();
    expect(posted(spy)).toEqual([]);

    await pickOption(dialog, 'Location', 'Amsterdam · Amsterdam 2 (ams-b)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request cloud HSM' }));
    await waitFor(() => expect(posted(spy)).toEqual([{ name: 'signing', blueprint_id: large.id, zone_id: large.zones[1]!.id }]));
  });

  it('shows a refusal without a field (no license seat) above the form', async () => {
    const message = CloudHsmMessages.noSeat('SoftHSM2');
    server(jsonResponse(409, { message, error: 'no_license_seat', request_id: 'r1' }));
    const dialog = await open();
    await pickOption(dialog, 'Blueprint', 'Standard');
    // One location: it is chosen with the blueprint.
    expect((within(dialog).getByLabelText('Location', { exact: false, selector: 'input' }) as HTMLInputElement).value).toBe('Frankfurt · Frankfurt 1 (fra-a)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'payments-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request cloud HSM' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });
});
