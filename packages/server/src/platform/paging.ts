import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

type PageQuery<K extends string> = { page: number; page_size: number; order: 'asc' | 'desc'; order_by: K };

/** LIMIT/OFFSET and ORDER BY for a list query; ties break on a unique column so pages never overlap. */
export function pageWindow<K extends string>(
  query: PageQuery<K>,
  columns: Record<K, AnyColumn | SQL>,
  tieBreaker: AnyColumn,
): { limit: number; offset: number; orderBy: SQL[] } {
  const direction = query.order === 'desc' ? desc : asc;
  return {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    orderBy: [direction(columns[query.order_by]), direction(tieBreaker)],
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A list's free-text search: rows whose columns contain the text, case-insensitively; no search, no condition. */
export function matchesSearch(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
