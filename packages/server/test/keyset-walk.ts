/**
 * Walking a keyset-paged list (platform/keyset.ts) three ways, for the lists' paging tests: by page number, forward
 * by cursor from the first page, and backward by cursor from the last.
 */
type CursorPage = { next_cursor: string | null; prev_cursor: string | null };
type List<P> = (query: Record<string, string>) => Promise<P>;

/** Pages 1 to `pages` by their numbers. */
export async function pagesByNumber<P>(list: List<P>, query: Record<string, string>, pages: number): Promise<P[]> {
  const read: P[] = [];
  for (let page = 1; page <= pages; page++) read.push(await list({ ...query, page: String(page) }));
  return read;
}

/** `first`, then each next page by its cursor until there is none. */
export async function pagesForward<P extends CursorPage>(list: List<P>, query: Record<string, string>, first: P): Promise<P[]> {
  const read = [first];
  for (let cursor = first.next_cursor; cursor; cursor = read.at(-1)!.next_cursor) read.push(await list({ ...query, after: cursor }));
  return read;
}

/** The last page (last=true), then each previous page by its cursor until there is none: in reading order, last first. */
export async function pagesBackward<P extends CursorPage>(list: List<P>, query: Record<string, string>): Promise<P[]> {
  const read = [await list({ ...query, last: 'true' })];
  for (let cursor = read[0]!.prev_cursor; cursor; cursor = read.at(-1)!.prev_cursor) read.push(await list({ ...query, before: cursor }));
  return read;
}
