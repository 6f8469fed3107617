import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import type { KeyGroup } from '@keydeck/contract/payment-keys';
import { jsonResponse, renderWithSession, sessionWith, serviceLoginResponse } from '../../../test/render';
import { KeyGroupsPanel } from './key-groups-panel';
import { keyGroup } from '../payment-key.fixtures';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b08';
const group = (name: string, key_retrieval_algorithm: KeyGroup['key_retrieval_algorithm'], bdk: string | null) => keyGroup(name, { key_retrieval_algorithm, key_count: 2, bdk });

function server() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.startsWith(ApiPath.keyGroups)) {
      return jsonResponse(200, { groups: [group('Lanes', 'static', 'Lane BDK'), group('Kiosks', 'dukpt_aes', 'Kiosk BDK'), group('Spare', 'static', null)] });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const rowOf = async (name: string) => (await screen.findByRole('button', { name: `Show the keys of ${name}` })).closest('tr')!;

describe('KeyGroupsPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says plainly what each group does now and what its BDK is for', async () => {
    server();
    renderWithSession(<KeyGroupsPanel serviceId={SERVICE_ID} canModify={false} onShowKeys={vi.fn()} onReport={vi.fn()} />, sessionWith([]));

    const lanes = await rowOf('Lanes');
    expect(within(lanes).getByText('Static key')).toBeTruthy();
    expect(within(lanes).getByText('Every device loads the same key')).toBeTruthy();
    expect(within(lanes).getByText('Not used while the group hands out a static key; derives each device’s key once the group is switched to DUKPT')).toBeTruthy();
    expect(lanes.textContent).not.toContain('used once DUKPT');

    const kiosks = await rowOf('Kiosks');
    expect(within(kiosks).getByText('AES DUKPT')).toBeTruthy();
    expect(within(kiosks).getByText('Each device loads its own initial key, derived from the BDK')).toBeTruthy();
    expect(within(kiosks).getByText('Derives each device’s initial key')).toBeTruthy();

    expect(within(await rowOf('Spare')).getByText('None')).toBeTruthy();
  });
});
