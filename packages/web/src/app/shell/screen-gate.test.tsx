import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, type StaticDataRouteOption } from '@tanstack/react-router';
import { FEATURES } from '@keydeck/contract/features';
import { Permission } from '@keydeck/contract/permissions';
import { sessionKeys } from '../../lib/session';
import { jsonResponse, sessionWith } from '../../test/render';
import { ScreenGate } from './screen-gate';

const session = sessionWith([Permission.companyRead]);

/** A shell-like group (declaring what its children inherit) with one screen below it, opened at /screen. */
function openScreen(group: StaticDataRouteOption, features: { feature_name: string; feature_value: boolean }[] = []) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: features }));
  const root = createRootRoute();
  const shell = createRoute({ getParentRoute: () => root, id: 'shell', staticData: group });
  const page = createRoute({
    getParentRoute: () => shell,
    path: 'screen',
    component: () => (
      <ScreenGate session={session}>
        <p>The screen</p>
      </ScreenGate>
    ),
  });
  const router = createRouter({ routeTree: root.addChildren([shell.addChildren([page])]), history: createMemoryHistory({ initialEntries: ['/screen'] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.all, session);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetch;
}

describe('ScreenGate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says which account feature a screen needs while it is off, and who can turn it on', async () => {
    openScreen({ feature: 'cloud_provisioning' }, [{ feature_name: 'cloud_provisioning', feature_value: false }]);
    const notice = await screen.findByText(/which is not turned on for Demo Company/);
    expect(notice.textContent).toContain(`“${FEATURES.cloud_provisioning}” (cloud_provisioning)`);
    expect(notice.textContent).toContain('Ask a platform administrator to turn it on');
    expect(screen.queryByText('The screen')).toBeNull();
  });

  it('opens the screen once the feature is on', async () => {
    openScreen({ feature: 'cloud_provisioning' }, [{ feature_name: 'cloud_provisioning', feature_value: true }]);
    expect(await screen.findByText('The screen')).toBeTruthy();
  });

  it('asks nothing about features for a screen that belongs to none', async () => {
    const fetch = openScreen({});
    expect(await screen.findByText('The screen')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the no-permission screen for a permission the group declares for its children', async () => {
    openScreen({ permission: Permission.platformAdmin });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.queryByText('The screen')).toBeNull();
  });
});
