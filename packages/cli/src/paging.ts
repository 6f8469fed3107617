/** Most lists answer at most this many rows a page (services: 99). */
export const PAGE_SIZE = 100;

/**
 * Every row of a paged list, page after page until `total` is reached (a script wants the whole list, not the
 * console's first page). `answer` is the first page's with every row in its data, for --output json.
 */
export async function allPages<T, A extends { data: T[]; total: number }>(page: (page: number) => Promise<A>): Promise<A> {
  const first = await page(1);
  const data = [...first.data];
  for (let next = 2; data.length < first.total; next++) {
    const more = await page(next);
    if (more.data.length === 0) break;
    data.push(...more.data);
  }
  return { ...first, data };
}
