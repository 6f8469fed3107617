import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ApiPath } from '@keydeck/contract/http';
import { jsonResponse, enabledService, serviceGroupResponse, serviceLoginResponse } from '../../../test/render';
import { DeviceGroupsSection } from './device-groups-section';

const SERVICE_ID = '0b6f2d1e-1c1a-4a39-9d0e-2d6c1f0a7b02';
const service = enabledService(SERVICE_ID);
const GROUPS = [
  { group_name: 'North', device_count: 3, created_at: '2026-02-01T00:00:00.000Z' },
  { group_name: 'South', device_count: 0, created_at: '2026-02-01T00:00:00.000Z' },
];

/** A fake server: the service session, Device at Modify, the groups searched by name, and renames recorded. */
function serve(groups = GROUPS) {
  const renames: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname.includes('/service/login/')) return serviceLoginResponse(SERVICE_ID);
    if (url.pathname.includes('/service_user_group/current')) return serviceGroupResponse({ Device: 'Modify' });
    if (url.pathname === ApiPath.deviceGroups && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { group_name: string };
      renames.push(body);
      return jsonResponse(200, { group_name: body.group_name, device_count: 3, created_at: GROUPS[0]!.created_at });
    }
    if (url.pathname === ApiPath.deviceGroups) {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = groups.filter((g) => g.group_name.toLowerCase().includes(search));
      return jsonResponse(200, { data: found, total: found.length, more: false });
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${url.pathname}`);
  });
  return renames;
}

/** The section at its route, and the devices list's route showing the filter it was opened with. */
function setup() {
  const root = createRootRoute();
  const groupsRoute = createRoute({ getParentRoute: () => root, path: 'home/service/device-groups', component: () => <DeviceGroupsSection service={service} /> });
  const devicesRoute = createRoute({
    getParentRoute: () => root,
    path: 'home/service/devices',
    validateSearch: (search: Record<string, unknown>) => ({ group: String(search.group) }),
    component: function Devices() {
      return <p>Devices of group {devicesRoute.useSearch().group}</p>;
    },
  });
  const router = createRouter({ routeTree: root.addChildren([groupsRoute, devicesRoute]), history: createMemoryHistory({ initialEntries: ['/home/service/device-groups'] }) });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const table = () => screen.findByRole('table', { name: 'Device groups' });

describe('DeviceGroupsSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('searches groups by name and opens a group to its devices', async () => {
    serve();
    setup();
    expect(await within(await table()).findByRole('link', { name: 'South' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search groups by name' }), { target: { value: 'nor' } });
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Device groups' })).queryByRole('link', { name: 'South' })).toBeNull());
    fireEvent.click(await within(await table()).findByRole('link', { name: 'North' }));
    expect(await screen.findByText('Devices of group North')).toBeTruthy();
  });

  it('renames a group from its row', async () => {
    const renames = serve();
    setup();
    fireEvent.click(await within(await table()).findByRole('button', { name: 'Rename North' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the device group North' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('North');
    fireEvent.change(name, { target: { value: 'North East' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await vi.waitFor(() => expect(renames).toEqual([{ old_name: 'North', group_name: 'North East' }]));
  });

  it('says what an empty service lacks and how to add a group', async () => {
    serve([]);
    setup();
    expect(await screen.findByText('No device groups yet. Create one with New group: every device belongs to a group.')).toBeTruthy();
  });
});
