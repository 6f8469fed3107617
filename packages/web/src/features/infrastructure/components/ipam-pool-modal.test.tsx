import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import type { IpamPool, IpamZone } from '@keydeck/contract/ipam';
import { showToast } from '../../../lib/toasts';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { IpamPoolModal } from './ipam-pool-modal';

vi.mock('../../../lib/toasts', () => ({ showToast: vi.fn() }));

const zone: IpamZone = {
  id: '7a3b0c1e-0000-4000-8000-000000000001',
  name: 'fra1-hsm',
  datacenter_id: '7a3b0c1e-0000-4000-8000-000000000002',
  datacenter_name: 'Frankfurt 1',
  datacenter_location: 'Frankfurt, Germany',
  pools: [],
  size: '0',
  size_display: '0',
  allocated: 0,
  utilisation_percent: 0,
  created_at: '2026-03-01T10:00:00.000Z',
};
const added: IpamPool = {
  id: '7a3b0c1e-0000-4000-8000-000000000003',
  zone_id: zone.id,
  cidr: '10.30.0.0/24',
  family: 'ipv4',
  prefix_length: 24,
  size: '254',
  size_display: '254',
  allocated: 0,
  utilisation_percent: 0,
  created_at: '2026-03-01T10:00:00.000Z',
};
const overlap = InfrastructureMessages.poolOverlap('10.20.0.128/25', '10.20.0.0/24', 'fra1-hsm');

/** The pools endpoint as the server answers: 10.20.x overlaps a pool, anything else is added. */
function server() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== apiPath(ApiPath.ipamPools, { zone_id: zone.id }) || init?.method !== 'POST') throw new Error(`unexpected ${String(input)}`);
    const { cidr } = JSON.parse(String(init.body)) as { cidr: string };
    if (cidr.startsWith('10.20.')) return jsonResponse(409, { message: overlap, error: 'pool_overlap', errors: { cidr: [overlap] } });
    return jsonResponse(201, { data: added });
  });
}

const cidr = () => screen.getByRole('textbox', { name: 'CIDR' });
const cidrError = () => {
  const id = cidr().getAttribute('aria-describedby')?.split(' ').find((part) => part.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

function open() {
  const onClose = vi.fn();
  renderWithSession(<IpamPoolModal zone={zone} onClose={onClose} />, sessionWith([]));
  return onClose;
}

describe('IpamPoolModal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses a CIDR with host bits before sending, naming the network address', async () => {
    const spy = server();
    open();
    fireEvent.change(cidr(), { target: { value: '10.30.0.5/24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add pool' }));
    await waitFor(() => expect(cidrError()).toBe(InfrastructureMessages.cidrHostBits('10.30.0.5/24', '10.30.0.0/24')));
    expect(spy).not.toHaveBeenCalled();
  });

  it('shows the server’s overlap refusal on the CIDR field, not as a toast', async () => {
    server();
    const onClose = open();
    fireEvent.change(cidr(), { target: { value: '10.20.0.128/25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add pool' }));
    await waitFor(() => expect(cidrError()).toBe(overlap));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds a pool, says so and closes', async () => {
    server();
    const onClose = open();
    fireEvent.change(cidr(), { target: { value: ' 10.30.0.0/24 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add pool' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith({ color: 'success', message: 'Pool 10.30.0.0/24 added to fra1-hsm.' });
  });
});
