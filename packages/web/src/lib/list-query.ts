import { queryOptions, type QueryKey, type UndefinedInitialDataOptions } from '@tanstack/react-query';

/**
 * A paged list's query. While another page, search or filter of the same list loads, the rows shown stay (the table
 * does not flash empty). Only the same list stands in: its key must match but for the last part (the list's
 * search), so another service's or account's rows never show under this one while it loads.
 */
export function listQueryOptions<TData, const TKey extends QueryKey>(options: Omit<UndefinedInitialDataOptions<TData, Error, TData, TKey>, 'placeholderData'>) {
  const scope = options.queryKey.slice(0, -1);
  return queryOptions<TData, Error, TData, TKey>({
    ...options,
    placeholderData: (previous, previousQuery) =>
      previousQuery && previousQuery.queryKey.length === options.queryKey.length && scope.every((part, i) => Object.is(part, previousQuery.queryKey[i]))
        ? previous
        : undefined,
  });
}
