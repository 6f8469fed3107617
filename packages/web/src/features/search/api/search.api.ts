import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@keydeck/contract/search';
import { searchApi } from '@keydeck/contract/search.api';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const searchKeys = queryKeys('search');

/** The server's search for a (debounced) query; nothing is asked below the minimum length. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.list({ q }),
    queryFn: ({ signal }) => callApi(searchApi.search, { query: { q, limit: 8 }, signal }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { errorContext: 'Could not search' },
  });
