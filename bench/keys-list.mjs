import { measureGet } from './http-load.mjs';
import { KEY_SEED, KEYS_PATH, keyGroupNameOf, keyNameOf } from './keys-seed.mjs';
import { checkKeyPage } from './keys-sql.mjs';

/** As the devices list: 10 connections (http-load.mjs), shorter than the main HTTP load, six cases a database. */
export const KEY_LIST_LOAD = { warmUpSeconds: 1, seconds: 5 };
export const KEY_PAGE_SIZE = 100;
const DEEP_PAGE = 500;
const SEARCH = '1234';

/**
 * The key list requests measured (GET service/symmetric_key, by name, 100 a page): the first page, a page deep in
 * the list (by keyset from the page before, and as a jump), the last page, a name fragment, one group. Each with
 * the page it must answer (checkKeyPage): its first key name, its row count and the total.
 */
export function keyListCases() {
  const names = Array.from({ length: KEY_SEED.keys }, (_, i) => i + 1);
  const matching = names.filter((n) => keyNameOf(n).includes(SEARCH));
  const inGroup = names.filter((n) => n % KEY_SEED.groups === 2);
  const page = (first, total) => ({ first: keyNameOf(first), total, rows: Math.min(KEY_PAGE_SIZE, total) });
  const deep = (DEEP_PAGE - 1) * KEY_PAGE_SIZE + 1;
  return [
    { name: 'first page', query: { page_size: KEY_PAGE_SIZE }, expected: page(1, KEY_SEED.keys) },
    // Page 500 as the pager asks for it from page 499 (after its last key's cursor), and as a jump (at its offset).
    { name: `page ${DEEP_PAGE}`, query: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE }, cursorFrom: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE - 1 }, expected: page(deep, KEY_SEED.keys) },
    { name: `page ${DEEP_PAGE} jump`, query: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE }, expected: page(deep, KEY_SEED.keys) },
    { name: 'last page', query: { page_size: KEY_PAGE_SIZE, last: 'true' }, expected: page(KEY_SEED.keys - KEY_PAGE_SIZE + 1, KEY_SEED.keys) },
    { name: `search ${SEARCH}`, query: { page_size: KEY_PAGE_SIZE, search: SEARCH }, expected: page(matching[0], matching.length) },
    { name: 'group', query: { page_size: KEY_PAGE_SIZE, group: keyGroupNameOf(3) }, expected: page(inGroup[0], inGroup.length) },
  ];
}

/**
 * p99 latency and requests/s of one key list request under load (measureGet: any failed answer fails the figure),
 * after one answer checked against the seed (checkKeyPage). A case read after a cursor (`cursorFrom`) reads after
 * the one the server hands out for that page, and says whether it is the bench's (`query.after`, the one its bare
 * statements read after).
 */
export async function loadKeyList(origin, cookie, { query, cursorFrom, expected }) {
  const served = cursorFrom ? (await getJson(`${origin}${KEYS_PATH}?${new URLSearchParams(cursorFrom)}`, cookie)).next_cursor : undefined;
  const url = `${origin}${KEYS_PATH}?${new URLSearchParams({ ...query, ...(served ? { after: served } : {}) })}`;
  const started = performance.now();
  const body = await getJson(url, cookie);
  const firstMs = performance.now() - started;
  checkKeyPage(`GET ${url}`, body, expected);
  return {
    ...(await measureGet(url, { cookie }, KEY_LIST_LOAD)),
    total: body.total,
    firstMs,
    ...(cursorFrom ? { cursorAsBench: served === query.after } : {}),
  };
}

async function getJson(url, cookie) {
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}
