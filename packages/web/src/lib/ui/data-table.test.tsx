import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router';
import { accountsListQuery, type AccountsListQuery } from '@keydeck/contract/accounts';
import { DataTable } from './data-table';
import { lenientSearch, searchDefaults, type ListStatePatch } from './list-search';

interface Row {
  id: string;
  name: string;
}

const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: `r${i + 1}`, name: `Account ${String(i + 1).padStart(2, '0')}` }));

/** A fake server: pages, sorts and searches ALL like the API would, and records every query it answered. */
const asked: AccountsListQuery[] = [];
function serve(query: AccountsListQuery): Promise<{ data: Row[]; total: number }> {
  asked.push(query);
  const found = ALL.filter((row) => !query.search || row.name.includes(query.search)).sort((a, b) =>
    query.order === 'asc' ? a.name.localeCompare(b.name) : b.name.localeCompare(a.name),
  );
  const start = (query.page - 1) * query.page_size;
  return Promise.resolve({ data: found.slice(start, start + query.page_size), total: found.length });
}

function setup(initial = '/list') {
  const rootRoute = createRootRoute();
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'list',
    staticData: { requiresAuth: false },
    validateSearch: lenientSearch(accountsListQuery),
    // The app registers its own router type; this separate test router is typed loosely (as never).
    search: { middlewares: [stripSearchParams(searchDefaults(accountsListQuery)) as never] },
    component: function ListScreen() {
      const search = listRoute.useSearch();
      const navigate = listRoute.useNavigate();
      const query = useQuery({ queryKey: ['rows', search], queryFn: () => serve(search), placeholderData: keepPreviousData });
      return (
        <DataTable
          label="Accounts"
          columns={[{ key: 'name', title: 'Name', sortKey: 'name', render: (row: Row) => row.name }]}
          query={query}
          rowKey={(row) => row.id}
          list={{
            state: search,
            onChange: (patch: ListStatePatch) =>
              void navigate({ search: (prev: AccountsListQuery) => ({ ...prev, ...patch }) } as never),
          }}
          searchLabel="Search accounts"
          emptyText="No accounts."
        />
      );
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, url: () => router.state.location.href };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Accounts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => {};

describe('DataTable', () => {
  afterEach(() => {
    asked.length = 0;
    vi.useRealTimers();
  });

  it('asks the server for the spec §9 defaults and keeps them out of the URL', async () => {
    const { url } = setup();
    expect(await screen.findByText('Account 01')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ page: 1, page_size: 10, order: 'asc', order_by: 'name' });
    expect(names()).toHaveLength(10);
    expect(screen.getByTestId('table-range').textContent).toBe('Showing 1–10 of 23');
    expect(url()).toBe('/list');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('puts the page in the URL and loads it from the server', async () => {
    const { url } = setup();
    await screen.findByText('Account 01');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3 of Accounts' }));
    expect(await screen.findByText('Account 21')).toBeTruthy();
    expect(url()).toBe('/list?page=3');
    expect(names()).toEqual(['Account 21', 'Account 22', 'Account 23']);
  });

  it('opens on the page, size and order a link carries', async () => {
    setup('/list?page=2&page_size=5&order=desc');
    expect(await screen.findByText('Account 18')).toBeTruthy();
    expect(names()).toEqual(['Account 18', 'Account 17', 'Account 16', 'Account 15', 'Account 14']);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('flips the order from the header and goes back to page 1', async () => {
    const { url } = setup('/list?page=2');
    await screen.findByText('Account 11');
    fireEvent.click(screen.getByRole('button', { name: 'Name: sort descending' }));
    expect(await screen.findByText('Account 23')).toBeTruthy();
    expect(url()).toBe('/list?order=desc');
  });

  it('searches after a pause in typing, from page 1', async () => {
    const { url } = setup('/list?page=2');
    await screen.findByText('Account 11');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), { target: { value: 'Account 0' } });
    expect(url()).toBe('/list?page=2');
    expect(await screen.findByText('Account 01', {}, { timeout: 2000 })).toBeTruthy();
    expect(url()).toBe('/list?search=Account+0');
    expect(names()).toHaveLength(9);
  });

  it('shows the empty text when nothing matches and the page size change resets paging', async () => {
    const { url, router } = setup('/list?search=zzz');
    expect((await screen.findByTestId('table-empty')).textContent).toBe('No accounts.');
    // Said once: no pager adds "No results" under the table's own words (issue 27).
    expect(screen.queryByTestId('table-range')).toBeNull();
    await act(() => router.navigate({ to: '/list', search: { page: 2 } } as never));
    await screen.findByText('Account 11');
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    expect(await screen.findByText('Account 23')).toBeTruthy();
    expect(url()).toBe('/list?page_size=25');
  });

  it('goes to the last page when the URL asks for one past the end', async () => {
    const { url } = setup('/list?page=9');
    expect(await screen.findByText('Account 21')).toBeTruthy();
    expect(url()).toBe('/list?page=3');
  });
});
