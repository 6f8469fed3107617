import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { KeyCeremonyMessages, type KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import { showToast } from '../../../lib/toasts';
import { jsonResponse } from '../../../test/render';
import { pickOption } from '../../../test/pick-option';
import { activeKey, CAROL, COMPONENT, custodians, DAVE, openedByAda, render, sent, server } from '../key-ceremonies.fixtures';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const EXPORT_ID = '44444444-4444-4444-8444-444444444444';
const revealPath = ApiPath.keyComponentExportReveal.replace(':export_id', EXPORT_ID);
const cancelPath = ApiPath.keyComponentExportCancel.replace(':export_id', EXPORT_ID);
const mine = { may_reveal: true, why_not: null };
const theirs = { may_reveal: false, why_not: KeyCeremonyMessages.notYourComponent };

const componentExport = (carol: KeyComponentExport['components'][number]['you'], revealedAt: string | null = null): KeyComponentExport => ({
  id: EXPORT_ID,
  key: 'ZMK 2',
  algorithm: 'TDES_2KEY',
  kcv: '08D7B4',
  custodians: [
    { user_id: CAROL, username: 'carol' },
    { user_id: DAVE, username: 'dave' },
  ],
  ...openedByAda,
  components: [
    { position: 1, custodian: 'carol', kcv: 'A1B2C3', revealed_at: revealedAt, you: carol },
    { position: 2, custodian: 'dave', kcv: 'D4E5F6', revealed_at: null, you: theirs },
  ],
});
const bothDesignated = {
  ...custodians,
  custodians: [...custodians.custodians, { user_id: DAVE, username: 'dave', designated_by: 'ada', designated_at: '2026-11-01T09:00:00.000Z' }],
};

const openExportDialog = async () => {
  const table = await screen.findByRole('table', { name: 'Component exports' });
  fireEvent.click(await within(table).findByRole('button', { name: 'Open export of ZMK 2' }));
  return screen.findByRole('dialog', { name: 'Component export: ZMK 2' });
};

describe('Component exports', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exports an exportable key as two components to the custodians picked, one for each component', async () => {
    const keys = [activeKey('PIN key', 'N'), activeKey('ZMK 2', 'E')];
    const spy = server(
      { keys },
      {
        [`GET ${ApiPath.keyCustodians}`]: () => jsonResponse(200, bothDesignated),
        [`POST ${ApiPath.keyComponentExports}`]: () => jsonResponse(201, componentExport(mine)),
      },
    );
    render();
    const region = await screen.findByRole('region', { name: 'Component exports' });
    expect(await within(region).findByText('No component exports yet')).toBeTruthy();
    fireEvent.click(await within(region).findByRole('button', { name: 'Export as components' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export a key as components' });
    expect(within(dialog).getByText('Each custodian sees only their own component, once, in their own session.')).toBeTruthy();
    expect(within(dialog).getByText(/a key with exportability N cannot be exported/)).toBeTruthy();
    await pickOption(dialog, 'Key', 'ZMK 2 · E');
    expect(screen.queryByRole('option', { name: /PIN key/, hidden: true })).toBeNull();
    expect((within(dialog).getByRole('radio', { name: 'Two components' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Expires in (hours)') as HTMLInputElement).value).toBe('24');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'carol' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('Pick one custodian for each component')).toBeTruthy();
    expect(sent(spy, 'POST', ApiPath.keyComponentExports)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'dave' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Opened a component export of ZMK 2' }));
    expect(sent(spy, 'POST', ApiPath.keyComponentExports)).toEqual([{ key: 'ZMK 2', custodians: [CAROL, DAVE], expires_in_hours: 24 }]);
  });

  it("reveals the caller's own component once, in groups of four, and forgets it when the dialog closes", async () => {
    const list = [componentExport(mine)];
    const spy = server(
      { exports: list },
      {
        [`POST ${revealPath}`]: () => {
          list[0] = componentExport({ may_reveal: false, why_not: KeyCeremonyMessages.alreadyRevealed }, '2026-11-28T09:10:00.000Z');
          return jsonResponse(200, { position: 1, value: COMPONENT, kcv: 'A1B2C3' });
        },
      },
    );
    const { queryClient } = render();
    const table = await screen.findByRole('table', { name: 'Component exports' });
    const row = (await within(table).findByText('ZMK 2')).closest('tr')!;
    expect(row.textContent).toContain('0 of 2 revealed');
    expect(row.textContent).toContain('carol, dave');
    expect(row.textContent).toContain('Open');

    let dialog = await openExportDialog();
    const components = within(dialog).getByRole('table', { name: 'Components' });
    expect(components.textContent).toContain('carol');
    expect(components.textContent).toContain('D4E5F6');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal my component' }));

    const value = await within(dialog).findByTestId('revealed-component');
    expect(value.textContent).toBe('0123 4567 89AB CDEF FEDC BA98 7654 3210');
    expect(document.activeElement).toBe(value);
    expect(within(dialog).getByTestId('revealed-kcv').textContent).toBe('A1B2C3');
    expect(within(dialog).getByText('Write it down now: it will not be shown again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(sent(spy, 'POST', revealPath)).toEqual([undefined]);
    // The list refreshed (the component is revealed now): the value stays on screen until the dialog closes.
    await waitFor(() => expect(row.textContent).toContain('1 of 2 revealed'));
    expect(within(dialog).getByTestId('revealed-component')).toBeTruthy();
    expect(queryClient.getMutationCache().getAll().some((mutation) => mutation.state.data !== undefined)).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Component export: ZMK 2' })).toBeNull());
    dialog = await openExportDialog();
    expect(within(dialog).queryByTestId('revealed-component')).toBeNull();
    expect(document.body.textContent).not.toContain('0123 4567');
    expect(within(dialog).queryByRole('button', { name: 'Reveal my component' })).toBeNull();
    expect(within(dialog).getByTestId('why-not').textContent).toBe(KeyCeremonyMessages.alreadyRevealed);
  });

  it('says why the caller has no component to reveal', async () => {
    server({ exports: [componentExport(theirs)] });
    render();
    const dialog = await openExportDialog();
    expect(within(dialog).getByTestId('why-not').textContent).toBe(KeyCeremonyMessages.noComponentForYou);
    expect(within(dialog).queryByRole('button', { name: 'Reveal my component' })).toBeNull();
  });

  it('cancels an open export with a reason asked in its own dialog', async () => {
    const cancelled = { ...componentExport(mine), state: 'cancelled' as const, ended_reason: KeyCeremonyMessages.cancelled('ada', 'Wrong key') };
    const spy = server({ exports: [componentExport(mine)] }, { [`POST ${cancelPath}`]: () => jsonResponse(200, cancelled) });
    render();
    fireEvent.click(within(await openExportDialog()).getByRole('button', { name: 'Cancel export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the component export of ZMK 2' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Wrong key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel export' }));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Cancelled the component export of ZMK 2' }));
    expect(sent(spy, 'POST', cancelPath)).toEqual([{ reason: 'Wrong key' }]);
  });
});
