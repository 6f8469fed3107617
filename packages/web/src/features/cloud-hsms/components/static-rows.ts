import type { DataTableQuery } from '../../../lib/ui/data-table';

/** Rows already in hand (a cluster's members, the overview's lists), as the DataTable reads a query. */
export const staticRows = <T>(rows: T[]): DataTableQuery<T> => ({
  data: { data: rows, total: rows.length },
  error: null,
  isPending: false,
  isSuccess: true,
  isError: false,
  isFetching: false,
  isPlaceholderData: false,
  refetch: async () => undefined,
});
