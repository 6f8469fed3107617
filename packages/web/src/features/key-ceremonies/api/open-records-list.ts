import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { listQueryOptions } from '../../../lib/list-query';

/** How often a list asks again while a record is open: its custodians act in their own sessions. */
const OPEN_RECORD_REFRESH_MS = 5000;

interface OpenRecord {
  id: string;
  state: string;
}

export interface OpenRecordsPage<T> {
  data: T[];
  total: number;
}

/** A ceremony or export list, open ones first; refreshed every few seconds while one is open, not once none is. */
export function openRecordsQueryOptions<T extends OpenRecord, const TKey extends QueryKey>(options: {
  queryKey: TKey;
  fetchAll: (signal: AbortSignal) => Promise<T[]>;
  errorContext: string;
}) {
  return listQueryOptions({
    queryKey: options.queryKey,
    queryFn: async ({ signal }): Promise<OpenRecordsPage<T>> => {
      const data = await options.fetchAll(signal);
      return { data, total: data.length };
    },
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.state === 'open') ? OPEN_RECORD_REFRESH_MS : false),
    meta: { errorContext: options.errorContext },
  });
}

/** A record's answer replaces its row at once; the lists are asked again for the rest. */
export function useOpenRecordChanged<T extends OpenRecord>(listKey: QueryKey, listsKey: QueryKey) {
  const queryClient = useQueryClient();
  return (changed?: T) => {
    if (changed) {
      queryClient.setQueryData<OpenRecordsPage<T>>(listKey, (list) => (list ? { ...list, data: list.data.map((row) => (row.id === changed.id ? changed : row)) } : list));
    }
    return queryClient.invalidateQueries({ queryKey: listsKey });
  };
}
