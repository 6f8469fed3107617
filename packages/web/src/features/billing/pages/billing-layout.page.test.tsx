import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { BillingMessages } from '@keydeck/contract/billing';
import { Permission } from '@keydeck/contract/permissions';
import { sessionKeys } from '../../../lib/session';
import { jsonResponse, sessionWith } from '../../../test/render';
import { BillingInvoicesPage } from './billing-invoices.page';
import { BillingLayoutPage } from './billing-layout.page';

/** Settings › Billing as the app routes it (the layout and its Invoices tab), opened at the Invoices tab. */
function openInvoices() {
  const root = createRootRoute();
  const shell = createRoute({ getParentRoute: () => root, id: 'shell' });
  const billing = createRoute({ getParentRoute: () => shell, path: 'v2/home/settings/billing', component: BillingLayoutPage });
  const invoices = createRoute({ getParentRoute: () => billing, path: 'invoices', staticData: { tab: { label: 'Invoices' } }, component: BillingInvoicesPage });
  const router = createRouter({
    routeTree: root.addChildren([shell.addChildren([billing.addChildren([invoices])])]),
    history: createMemoryHistory({ initialEntries: ['/v2/home/settings/billing/invoices'] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.all, sessionWith([Permission.companyManage]));
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('BillingLayoutPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says once that billing is unavailable, with no section failing beside it and no Try again', async () => {
    // The platform has no Stripe keys: every billing call answers 503.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(503, { message: BillingMessages.notConfigured, request_id: 'r1' }));
    openInvoices();
    expect(await screen.findByText(BillingMessages.notConfigured)).toBeTruthy();
    await new Promise((wait) => setTimeout(wait, 200));
    expect(screen.getAllByText(BillingMessages.notConfigured, { exact: false })).toHaveLength(1);
    expect(screen.queryByText(/could not be loaded|Not available right now/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
