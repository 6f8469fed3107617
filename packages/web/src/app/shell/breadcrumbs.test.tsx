import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import { sessionKeys } from '../../lib/session';
import { jsonResponse, sessionWith } from '../../test/render';
import { routeTree } from '../routes';
import { Breadcrumbs } from './breadcrumbs';

const ACCOUNT_ID = '3f0c2b8e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const acme = {
  id: ACCOUNT_ID,
  name: 'Acme Payments',
  api_name: 'acme',
  account_slug: 'acme',
  account_code: 'ACME01',
  disabled: false,
  enforce_ip: false,
  mfa_enforced: false,
  admin_whitelist_allowance: 0,
  contact_name: 'Ada',
  contact_email: 'ada@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  user_count: 3,
  administrator_count: 1,
};

/** The trail over an account's Company section, read from the app's own route table. */
function trailAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({ routeTree, context: { queryClient, preloadScreens: () => {} }, history: createMemoryHistory({ initialEntries: [path] }) });
  queryClient.setQueryData(sessionKeys.all, sessionWith([Permission.platformAdmin]));
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router as never}>
          <Breadcrumbs />
        </RouterContextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return () => screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent;
}

describe('Breadcrumbs', () => {
  afterEach(() => vi.restoreAllMocks());

  it("name an account's pages by the account, saying Account while it loads", async () => {
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(String(input)).toBe(ApiPath.adminAccount.replace(':account_id', ACCOUNT_ID));
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const trail = trailAt(`/v2/admin/company-management/accounts/${ACCOUNT_ID}/company`);
    expect(trail()).toBe('Accounts›Account›Company');
    answer(jsonResponse(200, { account: acme }));
    await waitFor(() => expect(trail()).toBe('Accounts›Acme Payments›Company'));
    expect(screen.getByRole('link', { name: 'Acme Payments' }).getAttribute('href')).toBe(`/v2/admin/company-management/accounts/${ACCOUNT_ID}`);
  });
});
