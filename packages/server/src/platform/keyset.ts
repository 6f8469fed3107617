import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Keyset paging for a list ordered by one column and its id: a page after (or before) a row starts at that row's
 * sort value and id, read from the index, instead of skipping an offset's rows. The cursor is the row's sort value
 * and id, opaque to clients (base64url JSON). The sort value is the column as PostgreSQL writes it as text (a
 * time keeps its microseconds) and is compared as the column's type.
 */
type Cursor = { value: string; id: string };

export const MALFORMED_CURSOR = 'Not a cursor this list answered: start again from the first page.';

export function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(field: 'after' | 'before', text: string): Cursor {
  try {
    const [value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof value === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { value, id };
  } catch {
    // answered below
  }
  throw badRequest({ [field]: [MALFORMED_CURSOR] });
}

export type KeysetRequest = { page: number; page_size: number; order: 'asc' | 'desc'; after?: string | undefined; before?: string | undefined; last?: boolean | undefined };

/**
 * The condition, order and window of a page: after a cursor, before one (read backwards, then turned), or at the
 * page's offset when there is none (a jump); the last page is read backwards from the end. One row more than the page is read, to know whether another follows.
 */
export function keysetWindow(request: KeysetRequest, sortColumn: SQL, idColumn: SQL, total: { rows: number; exact: boolean }) {
  if ([request.after, request.before, request.last].filter(Boolean).length > 1) throw badRequest({ before: ['Give one of after, before and last.'] });
  // The last page is the first one read backwards from the end.
  const backwards = Boolean(request.before || request.last);
  const cursorText = request.after ?? request.before;
  const cursor = cursorText ? decodeCursor(request.after ? 'after' : 'before', cursorText) : undefined;
  const ascending = (request.order === 'asc') !== backwards;
  const direction = ascending ? sql`asc` : sql`desc`;
  // The last page holds what is left over after the full pages, as its page number says (when the count is exact).
  const rows = request.last && total.exact && total.rows % request.page_size ? total.rows % request.page_size : request.page_size;
  return {
    condition: cursor ? sql`(${sortColumn}, ${idColumn}) ${ascending ? sql`>` : sql`<`} (${cursor.value}, ${cursor.id})` : undefined,
    orderBy: sql`${sortColumn} ${direction}, ${idColumn} ${direction}`,
    limit: rows + 1,
    offset: cursor || request.last ? 0 : (request.page - 1) * request.page_size,
    /** The page's rows in the list's order, and the cursors of its edges. */
    page<R>(read: R[], edge: (row: R) => Cursor) {
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
