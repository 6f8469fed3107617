import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { credentialsListQuery } from '@keydeck/contract/credentials-queries';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { OverlayHost } from '../lib/overlay-host';
import { createQueryClient } from '../lib/query-client';
import { sessionKeys } from '../lib/session';
import { lenientSearch } from '../lib/ui/list-search';
import { jsonResponse, sessionWith } from '../test/render';
import { CredentialsPage } from '../features/credentials/pages/credentials.page';
import { AccountCompanyPage } from '../features/accounts/pages/account-company.page';
import { AccountLayoutPage } from '../features/accounts/pages/account-layout.page';

const UNKNOWN = '7d0c2b8e-0000-4000-8000-000000000000';

/** The account page and spec §2's account-credentials screen as the app routes them, with the app's query client (its toasts). */
function open(path: string) {
  const root = createRootRoute();
  const shell = createRoute({ getParentRoute: () => root, id: 'shell' });
  const account = createRoute({ getParentRoute: () => shell, path: 'v2/admin/company-management/accounts/$account_id', component: AccountLayoutPage });
  const company = createRoute({ getParentRoute: () => account, path: 'company', staticData: { tab: { label: 'Company' } }, component: AccountCompanyPage });
  const credentials = createRoute({
    getParentRoute: () => shell,
    path: 'v2/home/accounts/$account_id/credentials',
    validateSearch: lenientSearch(credentialsListQuery),
    component: CredentialsPage,
  });
  const router = createRouter({
    routeTree: root.addChildren([shell.addChildren([account.addChildren([company]), credentials])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = createQueryClient({ sessionLost: () => undefined, serviceSessionLost: () => undefined });
  queryClient.setQueryData(sessionKeys.all, sessionWith([Permission.platformAdmin, Permission.usersManage]));
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
        <OverlayHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('an unknown account', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['the account page', `/v2/admin/company-management/accounts/${UNKNOWN}/company`],
    ['the account-credentials page, for a platform admin', `/v2/home/accounts/${UNKNOWN}/credentials`],
  ])('is said once on %s: its Not found panel, no toast beside it', async (_, path) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(404, { message: Messages.accountNotFound, request_id: 'r1' }));
    open(path);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    // Past the time a toast takes to load its host and show.
    await new Promise((wait) => setTimeout(wait, 600));
    expect(screen.queryByText(/Could not load/)).toBeNull();
    expect(screen.getAllByText(Messages.accountNotFound)).toHaveLength(1);
  });
});
