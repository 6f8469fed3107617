import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Keyset paging for a list ordered by one column and a unique tie-breaker (its id): a page after (or before) a row
 * starts at that row's sort value and id, read from the index, instead of skipping an offset's rows. The cursor is
 * the row's sort value and id, opaque to clients (base64url JSON). The sort value is the column as PostgreSQL
 * writes it as text (a time keeps its microseconds) and is compared as the column's type.
 */
type Cursor = { value: string; id: string };
export type KeysetRequest = { page: number; page_size: number; order: 'asc' | 'desc'; after?: string | undefined; before?: string | undefined; last?: boolean | undefined };
/** How many rows the filter has, counted up to a cap: exact when under it. */
export type Counted = { rows: number; exact: boolean };
/** A page's rows in the list's order, and the cursors of its edges (null: no page there, or no keyset). */
export type WindowedPage<R> = { rows: R[]; next_cursor: string | null; prev_cursor: string | null };

export const MALFORMED_CURSOR = 'Not a cursor this list answered: start again from the first page.';

export function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(field: 'after' | 'before', text: string): Cursor {
  try {
    const [value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof value === 'string' && typeof id === 'string' && id.length > 0) return { value, id };
  } catch {
    // answered below
  }
  throw badRequest({ [field]: [MALFORMED_CURSOR] });
}

/** The last page holds what is left over after the full pages, as its number says (when the count is exact). */
const lastPageRows = (request: KeysetRequest, total: Counted) =>
  request.last && total.exact && total.rows % request.page_size ? total.rows % request.page_size : request.page_size;

/**
 * The condition, order and window of a page: after a cursor, before one (read backwards, then turned), at its
 * offset when there is none (a jump), and the last page read backwards from the end. One row more than the page is
 * read, to know whether another follows.
 */
export function keysetWindow(request: KeysetRequest, sortColumn: SQL, idColumn: SQL | null, total: Counted) {
  if ([request.after, request.before, request.last].filter(Boolean).length > 1) throw badRequest({ before: ['Give one of after, before and last.'] });
  const backwards = Boolean(request.before || request.last);
  const cursorText = request.after ?? request.before;
  const cursor = cursorText ? decodeCursor(request.after ? 'after' : 'before', cursorText) : undefined;
  const ascending = (request.order === 'asc') !== backwards;
  const direction = ascending ? sql`asc` : sql`desc`;
  const rows = lastPageRows(request, total);
  return {
    condition: cursor ? comparison(ascending ? sql`>` : sql`<`, sortColumn, idColumn, cursor) : undefined,
    /** The order to read in: the list's, or turned when reading backwards. */
    orderBy: idColumn ? sql`${sortColumn} ${direction}, ${idColumn} ${direction}` : sql`${sortColumn} ${direction}`,
    limit: rows + 1,
    offset: cursor || request.last ? 0 : (request.page - 1) * request.page_size,
    page<R>(read: R[], edge: (row: R) => Cursor): WindowedPage<R> {
      const more = read.length > rows;
      const shown = read.slice(0, rows);
      if (backwards) shown.reverse();
      const cursorOf = (row: R | undefined) => (row ? encodeCursor(edge(row).value, edge(row).id) : null);
      const hasNext = request.last ? false : backwards || more;
      const hasPrev = backwards ? more : Boolean(cursor) || request.page > 1;
      return { rows: shown, next_cursor: hasNext ? cursorOf(shown.at(-1)) : null, prev_cursor: hasPrev ? cursorOf(shown[0]) : null };
    },
  };
}

/**
 * Rows past the cursor: by sort value then id, or by the sort value alone where it is unique (idColumn null). The
 * sort value's own bound, implied by the pair's, lets an index on the sort column start at the cursor where the
 * pair cannot be an index condition (a tie-breaker from a joined table).
 */
const comparison = (operator: SQL, sortColumn: SQL, idColumn: SQL | null, cursor: Cursor) =>
  idColumn
    ? sql`${sortColumn} ${operator}= ${cursor.value} and (${sortColumn}, ${idColumn}) ${operator} (${cursor.value}, ${cursor.id})`
    : sql`${sortColumn} ${operator} ${cursor.value}`;

/**
 * The window of an order that cannot be keyset-paged (a column that may be null): each page at its offset, the
 * last one too where the count is exact; no cursors, so the pager asks by page number.
 */
export function offsetWindow(request: KeysetRequest, total: Counted) {
  const page = request.last && total.exact ? Math.max(1, Math.ceil(total.rows / request.page_size)) : request.page;
  return {
    limit: request.page_size,
    offset: (page - 1) * request.page_size,
    page: <R>(read: R[]): WindowedPage<R> => ({ rows: read, next_cursor: null, prev_cursor: null }),
  };
}
