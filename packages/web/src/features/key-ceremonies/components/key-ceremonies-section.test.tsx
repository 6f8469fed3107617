import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { KeyCeremonyMessages, type KeyCeremony, type KeyCustodiansResponse } from '@keydeck/contract/key-ceremonies';
import { showToast } from '../../../lib/toasts';
import { jsonResponse } from '../../../test/render';
import { pickOption as pick } from '../../../test/pick-option';
import { CAROL, CEREMONY_ID, COMPONENT, custodians, DAVE, openedByAda, render, sent, server } from '../key-ceremonies.fixtures';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const ceremony = (you: KeyCeremony['you'], components: KeyCeremony['components'] = []): KeyCeremony => ({
  id: CEREMONY_ID,
  name: 'ZMK 1',
  group: 'Acquirer',
  algorithm: 'TDES_2KEY',
  usage: 'K0',
  mode_of_use: 'B',
  exportability: 'E',
  version: '00',
  components_required: 2,
  custodians: [],
  ...openedByAda,
  components,
  kcv: null,
  you,
});
const mayEnter = ceremony({ may_enter: true, why_not: null });
const entered = ceremony({ may_enter: false, why_not: KeyCeremonyMessages.alreadyEntered }, [
  { position: 1, custodian: 'carol', kcv: 'A1B2C3', entered_at: '2026-11-28T09:05:00.000Z' },
]);

const componentPath = ApiPath.keyCeremonyComponent.replace(':ceremony_id', CEREMONY_ID);

describe('KeyCeremoniesSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the custodians and the policy, and designates custodians with the policy in one save', async () => {
    const spy = server({}, { [`PUT ${ApiPath.keyCustodians}`]: (body) => jsonResponse(200, { ...custodians, policy: (body as KeyCustodiansResponse).policy }) });
    render();
    const region = await screen.findByRole('region', { name: 'Key custodians' });
    expect(await within(region).findByText('carol')).toBeTruthy();
    expect(within(region).getByText('The opener may not enter a component. Single-operator component entry is off.')).toBeTruthy();
    expect(await screen.findByText('No key ceremonies yet')).toBeTruthy();

    fireEvent.click(within(region).getByRole('button', { name: 'Designate custodians' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key custodians' });
    expect((within(dialog).getByRole('checkbox', { name: 'carol' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'dave' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'The opener may be a custodian' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Saved key custodians' }));
    expect(sent(spy, 'PUT', ApiPath.keyCustodians)).toEqual([{ user_ids: [CAROL, DAVE], policy: { opener_may_be_custodian: true, single_operator_entry: false } }]);
  });

  it('opens a ceremony of three components for any designated custodians', async () => {
    const spy = server({}, { [`POST ${ApiPath.keyCeremonies}`]: () => jsonResponse(201, { ...mayEnter, name: 'BDK 7' }) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Open ceremony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a key ceremony' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name\b/ }), { target: { value: 'BDK 7' } });
    await pick(dialog, 'Key group', 'Acquirer');
    await pick(dialog, 'Algorithm', 'TDES double length (112-bit)');
    await pick(dialog, 'Key usage', 'B0 · Base derivation key (BDK)');
    await pick(dialog, 'Exportability', 'N · Not exportable');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Three components' }));
    expect((within(dialog).getByRole('radio', { name: 'Any designated custodians' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Expires in (hours)') as HTMLInputElement).value).toBe('24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open ceremony' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Opened a key ceremony for BDK 7' }));
    expect(sent(spy, 'POST', ApiPath.keyCeremonies)).toEqual([
      { name: 'BDK 7', group: 'Acquirer', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N', version: '00', components: 3, custodians: [], expires_in_hours: 24 },
    ]);
  });

  it("enters the caller's component: its KCV shown to compare, then confirmed, and the typed value forgotten", async () => {
    // The list the server answers: the component entered, it shows the ceremony as entered.
    const list = [mayEnter];
    const spy = server({ ceremonies: list }, {
      [`POST ${ApiPath.componentKcv}`]: () => jsonResponse(200, { kcv: 'A1B2C3', kcv_method: 'tdes' }),
      [`POST ${componentPath}`]: () => {
        list[0] = entered;
        return jsonResponse(200, entered);
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Key ceremonies' });
    const row = (await within(table).findByText('ZMK 1')).closest('tr')!;
    expect(row.textContent).toContain('0 of 2');
    expect(row.textContent).toContain('Any');
    fireEvent.click(within(row).getByRole('button', { name: 'Open ZMK 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Key ceremony: ZMK 1' });
    const input = within(dialog).getByLabelText('Your component') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('spellcheck')).toBe('false');
    fireEvent.change(input, { target: { value: COMPONENT } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check KCV' }));
    const kcv = await within(dialog).findByTestId('component-kcv');
    expect(kcv.textContent).toContain('A1B2C3');
    expect(kcv.textContent).toContain('Compare this KCV with the one on your component form');
    expect(sent(spy, 'POST', componentPath)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm component' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Entered component 1 of 2' }));
    expect(sent(spy, 'POST', componentPath)).toEqual([{ value: COMPONENT, kcv: 'A1B2C3' }]);
    const components = await within(dialog).findByRole('table', { name: 'Components' });
    expect(components.textContent).toContain('carol');
    expect([...document.querySelectorAll('input')].some((field) => field.value === COMPONENT)).toBe(false);
    expect(within(dialog).queryByLabelText('Your component')).toBeNull();
  });

  it('says why the caller may not enter a component of an open ceremony', async () => {
    server({ ceremonies: [ceremony({ may_enter: false, why_not: KeyCeremonyMessages.notCustodian })] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Open ZMK 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key ceremony: ZMK 1' });
    expect(within(dialog).getByText(KeyCeremonyMessages.notCustodian)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your component')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download record' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel ceremony' })).toBeTruthy();
  });

  it('cancels an open ceremony with a reason asked in its own dialog', async () => {
    const cancelPath = ApiPath.keyCeremonyCancel.replace(':ceremony_id', CEREMONY_ID);
    const cancelled = { ...mayEnter, state: 'cancelled' as const, ended_reason: KeyCeremonyMessages.cancelled('ada', 'Wrong group') };
    const spy = server({ ceremonies: [mayEnter] }, { [`POST ${cancelPath}`]: () => jsonResponse(200, cancelled) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Open ZMK 1' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Key ceremony: ZMK 1' })).getByRole('button', { name: 'Cancel ceremony' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the key ceremony for ZMK 1' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Key ceremony: ZMK 1' })).toBeNull());
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Wrong group' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel ceremony' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Cancelled the key ceremony for ZMK 1' }));
    expect(sent(spy, 'POST', cancelPath)).toEqual([{ reason: 'Wrong group' }]);
  });
});
