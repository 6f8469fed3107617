import { z } from 'zod';

/** Default paging (spec §9): page 1, page_size 10, order asc; lists order by name unless they say otherwise. */
export const PAGING_DEFAULTS = { page: 1, page_size: 10, order: 'asc', order_by: 'name' } as const;
export const MAX_PAGE_SIZE = 100;

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
