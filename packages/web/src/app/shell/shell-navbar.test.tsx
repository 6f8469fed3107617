import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { ApiPath } from '@keydeck/contract/http';
import { sessionKeys } from '../../lib/session';
import { jsonResponse, sessionWith } from '../../test/render';
import { routeTree } from '../routes';
import { ShellNavbar } from './shell-navbar';

function renderNavbar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree, context: { queryClient, preloadScreens: () => {} }, history: createMemoryHistory({ initialEntries: ['/home'] }) });
  queryClient.setQueryData(sessionKeys.all, sessionWith([]));
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router as never}>
          <ShellNavbar onNavigate={() => {}} />
        </RouterContextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ShellNavbar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every signed-in user Approvals, named with the count of their inbox', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [], inbox_count: 2 }));
    renderNavbar();
    const link = await screen.findByRole('link', { name: 'Approvals, 2 waiting' });
    expect(link.getAttribute('href')).toBe('/home/approvals');
    expect(link.textContent).toBe('Approvals2');
    expect(fetched.mock.calls.map(([url]) => String(url))).toEqual([`${ApiPath.approvalRequests}?box=inbox`]);
  });

  it('shows no count when nothing waits', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { data: [], inbox_count: 0 }));
    renderNavbar();
    expect(await screen.findByRole('link', { name: 'Approvals' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });
});
