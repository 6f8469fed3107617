import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { jsonResponse, renderWithSession, sessionWith, enabledService, serviceLoginResponse, serviceGroupResponse } from '../../../test/render';
import { DevicesSection } from './devices-section';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b02';
const service = enabledService(SERVICE_ID);
const device = (serial: string, failed = false) => ({
  serial,
  group: 'North',
  archived: false,
  device_model: null,
  failed,
  last_load: null,
  created_at: '2026-02-01T00:00:00.000Z',
});

function serverWith(level: 'View' | 'Modify', total = 2, capped = false, rows = [device('A1'), device('A2', true)], estimated = false) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.includes('/service_user_group/current')) return serviceGroupResponse({ Device: level });
    if (url.startsWith(ApiPath.deviceGroups)) return jsonResponse(200, { data: [{ group_name: 'North' }], total: 1, more: false });
    if (url.startsWith(ApiPath.devices) && init?.method === 'PUT') {
      return jsonResponse(200, {
        results: [
          { serial: 'A1', success: true, outcome: 'changed', message: Messages.deviceLockChanged('A1', true) },
          { serial: 'A9', success: false, outcome: 'failed', message: Messages.deviceLockFailed('A9', Messages.deviceNotFound) },
        ],
        succeeded: 1,
        unchanged: 0,
        failed: 1,
        next_after: null,
        remaining: 0,
      });
    }
    if (url.startsWith(ApiPath.devices)) {
      return jsonResponse(200, { data: rows, total, total_capped: capped, ...(estimated ? { total_estimated: true } : {}), next_cursor: null, prev_cursor: null });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
  });
}

const render = (search = {}) => renderWithSession(<DevicesSection service={service} list={{ search, onChange: vi.fn() }} />, sessionWith([]));

describe('DevicesSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the devices with their status, and offers no change without Device at Modify', async () => {
    serverWith('View');
    render();
    const table = await screen.findByRole('table', { name: 'Remote devices' });
    expect(await within(table).findByText('A1')).toBeTruthy();
    expect(within(table).getByText('Locked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add device' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it('says 10,000+ when the total is capped', async () => {
    serverWith('View', 10_000, true);
    render();
    expect((await screen.findByTestId('devices-total')).textContent).toMatch(/^10,000\+ devices match\. .*narrow the filter/);
  });

  it('says "about 1 million" when the total is the planner’s estimate, in the pager too', async () => {
    serverWith('View', 1_012_345, false, [device('A1'), device('A2', true)], true);
    render();
    expect((await screen.findByTestId('devices-total')).textContent).toBe('about 1 million devices');
    expect(screen.getByTestId('table-range').textContent).toBe('Showing 1–10 of about 1 million');
  });

  it('runs a batch on the picked devices and reports each result in the server’s words, failures first', async () => {
    const spy = serverWith('Modify');
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select device A1' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Lock' }));

    const report = await screen.findByTestId('batch-report');
    expect(within(report).getByText('1 succeeded, 1 failed')).toBeTruthy();
    const lines = within(report).getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual([Messages.deviceLockFailed('A9', Messages.deviceNotFound), Messages.deviceLockChanged('A1', true)]);

    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ change: 'lock', devices: ['A1'] });
    expect(new Headers(put[1]!.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('says once what an empty service lacks and how to fill it, and only "No devices match." under a filter', async () => {
    serverWith('Modify', 0, false, []);
    const { unmount } = render();
    // What the user may do is known once their service access has loaded.
    expect(await screen.findByText('This service has no devices yet. Add one with Add device, or import many with Import CSV.')).toBeTruthy();
    expect(screen.queryByText('No results')).toBeNull();
    expect(screen.queryByTestId('devices-total')).toBeNull();
    unmount();

    serverWith('View', 0, false, []);
    const viewer = render();
    expect((await screen.findByTestId('table-empty')).textContent).toBe('This service has no devices yet. Someone who may change devices adds them.');
    viewer.unmount();

    serverWith('Modify', 0, false, []);
    render({ search: 'ZZ' });
    expect((await screen.findByTestId('table-empty')).textContent).toBe('No devices match.');
    expect(screen.queryByText('No results')).toBeNull();
  });
});
