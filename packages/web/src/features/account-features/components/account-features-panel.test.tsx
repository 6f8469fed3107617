import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FEATURE_NAMES, FEATURES } from '@keydeck/contract/features';
import { Permission } from '@keydeck/contract/permissions';
import { missingPermissionText } from '../../../lib/can';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { AccountFeaturesPanel } from './account-features-panel';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const stored = () => ({ data: FEATURE_NAMES.map((name) => ({ feature_name: name, feature_value: name === 'cryptohub' })) });

/** GET answers the stored flags; PUT answers `put` (a Response) once the test lets it go. */
function serverWith(put: () => Promise<Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => (init?.method === 'PUT' ? put() : jsonResponse(200, stored())));
}

const featureSwitch = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('AccountFeaturesPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every known feature with its description and stored state', async () => {
    serverWith(() => Promise.reject(new Error('no PUT expected')));
    renderWithSession(<AccountFeaturesPanel accountId="a1" />, sessionWith([Permission.platformAdmin]));
    await screen.findByRole('switch', { name: 'cryptohub' });
    for (const name of FEATURE_NAMES) expect(screen.getByText(FEATURES[name])).toBeTruthy();
    expect(featureSwitch('cryptohub').checked).toBe(true);
    expect(featureSwitch('scheduled_reports').checked).toBe(false);
  });

  it('moves the switch at once, sends the change and says so', async () => {
    let answer: (response: Response) => void = () => {};
    const spy = serverWith(() => new Promise((resolve) => (answer = resolve)));
    renderWithSession(<AccountFeaturesPanel accountId="a1" />, sessionWith([Permission.platformAdmin]));
    fireEvent.click(await screen.findByRole('switch', { name: 'scheduled_reports' }));
    // On before the server answered.
    await waitFor(() => expect(featureSwitch('scheduled_reports').checked).toBe(true));
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe('/rest/api/v2/account/a1/feature/');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ feature_name: 'scheduled_reports', feature_value: true });
    answer(jsonResponse(200, { data: { key: 'scheduled_reports', value: true } }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Feature scheduled_reports turned on.' }));
  });

  it('puts the switch back when the server refuses the change', async () => {
    vi.mocked(showToast).mockClear();
    serverWith(async () => jsonResponse(403, { message: 'Forbidden', request_id: 'r1' }));
    renderWithSession(<AccountFeaturesPanel accountId="a1" />, sessionWith([Permission.platformAdmin]));
    fireEvent.click(await screen.findByRole('switch', { name: 'cryptohub' }));
    await waitFor(() => expect(featureSwitch('cryptohub').checked).toBe(true));
    expect(showToast).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'success' }));
  });

  it('keeps the switches inert without platform:admin, and says why', async () => {
    const spy = serverWith(() => Promise.reject(new Error('no PUT expected')));
    renderWithSession(<AccountFeaturesPanel accountId="a1" />, sessionWith([Permission.companyRead]));
    const toggle = (await screen.findByRole('switch', { name: 'stripe_billing' })) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText(missingPermissionText(Permission.platformAdmin))).toBeTruthy();
    fireEvent.click(toggle);
    expect(featureSwitch('stripe_billing').checked).toBe(false);
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
