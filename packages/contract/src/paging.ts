import { z } from 'zod';

/** Default paging (spec §9): page 1, page_size 10, order asc; lists order by name unless they say otherwise. */
export const PAGING_DEFAULTS = { page: 1, page_size: 10, order: 'asc', order_by: 'name' } as const;
export const MAX_PAGE_SIZE = 100;

/** A yes/no as a query string spells it ('true', 'false') or as JSON and the URL's search do (true, false). */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

export function pagingQuery<const K extends readonly [string, ...string[]]>(orderBy: K, defaultOrderBy: K[number]) {
  return z.object({
    page: z.coerce.number().int().min(1).default(PAGING_DEFAULTS.page),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGING_DEFAULTS.page_size),
    order: z.enum(['asc', 'desc']).default(PAGING_DEFAULTS.order),
    order_by: z.enum(orderBy).default(defaultOrderBy),
    search: z.string().trim().max(200).optional(),
  });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int().min(0) });
}

/**
 * Keyset paging: the page right after or before a row, named by the cursor a page answered, costs what the first
 * page costs however deep it is (an offset reads and skips every row before it), and so does the last page.
 * `page` stays for the pager; without a cursor a page is read at its offset (a jump).
 */
export const keysetQuery = {
  after: z.string().max(512).optional(),
  before: z.string().max(512).optional(),
  /** The filter's last page, read from its end. */
  last: flag.optional(),
};
/**
 * A large list's total may be the planner's estimate rather than a count (read from the database's statistics, no
 * row read): then total_estimated is true and the console says "about 1.2 million". Absent when total is counted.
 */
export const estimatedTotal = { total_estimated: z.literal(true).optional() };
/** The cursors of a keyset page's last and first rows: null where there is no next or previous page. */
export const keysetCursors = {
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
};
