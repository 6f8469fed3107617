import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';
import { PAGE_SIZE } from './paging.ts';

/** The rows a keyset list printed by default: one full page. */
export const DEFAULT_LIMIT = PAGE_SIZE;

export const LIMIT_OPTION = ['--limit <rows>', `print at most this many rows (default ${DEFAULT_LIMIT})`] as const;
export const ALL_OPTION = ['--all', 'print every row, page after page'] as const;

/** --limit and --all as a row count (Infinity for --all). */
export function rowLimit(options: { limit?: string; all?: boolean }): number {
  if (options.all) return Infinity;
  if (options.limit === undefined) return DEFAULT_LIMIT;
  const limit = Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new CliError(`--limit takes a whole number of rows (got ${options.limit})`, ExitCode.usage);
  return limit;
}

/**
 * Rows of a keyset-paged list: each page asked for right after the last one's cursor (as deep pages cost what the
 * first does), until `limit` rows or the end. `answer` is the first page's answer with those rows, for --output json.
 */
export async function keysetRows<T, A extends { data: T[]; next_cursor: string | null }>(
  page: (after: string | undefined, size: number) => Promise<A>,
  limit: number,
): Promise<A> {
  const first = await page(undefined, Math.min(PAGE_SIZE, limit));
  const data = first.data.slice(0, limit);
  let cursor = first.next_cursor;
  while (cursor !== null && data.length < limit) {
    const next = await page(cursor, Math.min(PAGE_SIZE, limit - data.length));
    data.push(...next.data);
    cursor = next.data.length === 0 ? null : next.next_cursor;
  }
  return { ...first, data, next_cursor: cursor };
}
