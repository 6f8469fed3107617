import { SEARCH_MIN_LENGTH } from '@keydeck/contract/search';
import { searchApi } from '@keydeck/contract/search.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { listQueryOptions } from '../../../lib/list-query';

export const searchKeys = queryKeys('search');

/** The server's search for a (debounced) query; nothing is asked below the minimum length. */
export const searchQueryOptions = (q: string) =>
  listQueryOptions({
    queryKey: searchKeys.list({ q }),
    queryFn: ({ signal }) => callApi(searchApi.search, { query: { q, limit: 8 }, signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    staleTime: 10_000,
    meta: { errorContext: 'Could not search' },
  });
