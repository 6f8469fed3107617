import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@keydeck/contract/paging';
import type { PortRange, portRangeFields, portRangesDeleteBody, portRangesQuery, portRangeUpdate } from '@keydeck/contract/port-ranges';
import { portRangesApi } from '@keydeck/contract/port-ranges.api';
import { accountsApi } from '@keydeck/contract/accounts.api';
import type { z } from 'zod';
import { accountKeys } from '../../../lib/accounts.queries';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

type PortRangesQuery = z.output<typeof portRangesQuery>;
export type PortRangeFields = z.output<typeof portRangeFields>;
export type PortRangeChange = z.output<typeof portRangeUpdate>;

export const portRangeKeys = queryKeys('port-ranges');

export const portRangesQueryOptions = (query: PortRangesQuery) =>
  listQueryOptions({
    queryKey: portRangeKeys.list(query),
    queryFn: ({ signal }) => callApi(portRangesApi.listPortRanges, { query, signal }),
    meta: { errorContext: 'Could not load the port ranges' },
  });

/**
 * Ranges no account holds, for "Assign a free range". The list API has no free-only filter: this reads
 * the first MAX_PAGE_SIZE ranges by start port and keeps the unassigned ones.
 */
export const freePortRangesQueryOptions = () =>
  queryOptions({
    queryKey: portRangeKeys.list('free'),
    queryFn: async ({ signal }) => {
      const query = { page: 1, page_size: MAX_PAGE_SIZE, order_by: 'start_port', order: 'asc' } as const;
      const page = await callApi(portRangesApi.listPortRanges, { query, signal });
      return page.data.filter((range) => range.account_id === null);
    },
    meta: { errorContext: 'Could not load the free port ranges' },
  });

/** Accounts whose name matches `search`, for the account picker. */
export const accountOptionsQueryOptions = (search: string) =>
  listQueryOptions({
    queryKey: accountKeys.list({ search, page_size: 20 }),
    queryFn: ({ signal }) =>
      callApi(accountsApi.listAccounts, { query: { search, page_size: 20 }, signal }),
    meta: { errorContext: 'Could not load the accounts' },
  });

export function useCreatePortRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: PortRangeFields) =>
      (await callApi(portRangesApi.createPortRanges, { body: { port_ranges: [fields] } })).port_ranges[0]!,
    // Overlaps and bad ports come back as 400 field errors (port_ranges.0.start_port) for the form.
    meta: { errorContext: 'Could not create the port range', inlineErrorStatuses: [400] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portRangeKeys.all }),
  });
}

/** Assigns a range to an account (account_id) or frees it (null); inDialog: confirmed in a dialog that shows its refusals. */
export function useUpdatePortRange(inDialog = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PortRangeChange) =>
      (await callApi(portRangesApi.updatePortRanges, { body: { port_ranges: [change] } })).port_ranges[0]!,
    meta: inDialog ? { refusalsShownInline: true } : { errorContext: 'Could not change the port range' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portRangeKeys.all }),
  });
}

/** Deletes one range; the batch action calls it row by row for per-row results. */
export function deletePortRange(range: PortRange): Promise<z.infer<typeof portRangesDeleteBody>> {
  return callApi(portRangesApi.deletePortRanges, { body: { port_ranges: [range.id] } });
}

export const rangeText = (range: Pick<PortRange, 'start_port' | 'end_port'>) =>
  range.start_port === range.end_port ? String(range.start_port) : `${range.start_port}-${range.end_port}`;
