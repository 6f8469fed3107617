import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import { ApprovalsPage } from '../../features/approvals/pages/approvals.page';
import { sessionKeys } from '../../lib/session';
import { sessionWith } from '../../test/render';
import { routeTree } from '../routes';

/** The page at `path`, its tabs read from the app's own route table, for a user holding `permissions`. */
function renderAt(path: string, permissions: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree, context: { queryClient, preloadScreens: () => {} }, history: createMemoryHistory({ initialEntries: [path] }) });
  queryClient.setQueryData(sessionKeys.all, sessionWith(permissions));
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router as never}>
          <ApprovalsPage />
        </RouterContextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('Approvals', () => {
  it('has Inbox and My requests for everyone, and Policies for company:read', () => {
    renderAt('/home/approvals', [Permission.companyRead]);
    expect(screen.getByRole('heading', { level: 1, name: 'Approvals' })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Approvals' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'My requests', 'Policies']);
  });

  it('hides Policies from a user without company:read', () => {
    renderAt('/home/approvals', []);
    const tabs = within(screen.getByRole('tablist', { name: 'Approvals' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'My requests']);
  });
});
