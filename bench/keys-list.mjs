import { measureGet } from './http-load.mjs';
import { KEY_SEED, KEYS_PATH, keyGroupNameOf, keyNameOf } from './keys-seed.mjs';

/** As the devices list: 10 connections (http-load.mjs), shorter than the main HTTP load, four cases a database. */
export const KEY_LIST_LOAD = { warmUpSeconds: 1, seconds: 5 };
export const KEY_PAGE_SIZE = 100;
const DEEP_PAGE = 500;
const SEARCH = '1234';

/**
 * The key list requests measured (GET service/symmetric_key, by name, 100 a page): the first page, a page deep in
 * the list (by keyset from the page before, and as a jump), the last page, a name fragment, one group. Each with the first key name its page must start with and its total.
 */
export function keyListCases() {
  const names = Array.from({ length: KEY_SEED.keys }, (_, i) => i + 1);
  const matching = names.filter((n) => keyNameOf(n).includes(SEARCH));
  const inGroup = names.filter((n) => n % KEY_SEED.groups === 2);
  return [
    { name: 'first page', query: { page_size: KEY_PAGE_SIZE }, first: keyNameOf(1), total: KEY_SEED.keys },
    // Page 500 as the pager asks for it from page 499 (after its last key's cursor), and as a jump (at its offset).
    { name: `page ${DEEP_PAGE}`, query: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE }, cursorFrom: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE - 1 }, first: keyNameOf((DEEP_PAGE - 1) * KEY_PAGE_SIZE + 1), total: KEY_SEED.keys },
    { name: `page ${DEEP_PAGE} jump`, query: { page_size: KEY_PAGE_SIZE, page: DEEP_PAGE }, first: keyNameOf((DEEP_PAGE - 1) * KEY_PAGE_SIZE + 1), total: KEY_SEED.keys },
    { name: 'last page', query: { page_size: KEY_PAGE_SIZE, last: 'true' }, first: keyNameOf(KEY_SEED.keys - KEY_PAGE_SIZE + 1), total: KEY_SEED.keys },
    { name: `search ${SEARCH}`, query: { page_size: KEY_PAGE_SIZE, search: SEARCH }, first: keyNameOf(matching[0]), total: matching.length },
    { name: 'group', query: { page_size: KEY_PAGE_SIZE, group: keyGroupNameOf(3) }, first: keyNameOf(inGroup[0]), total: inGroup.length },
  ];
}

/**
 * p99 latency and requests/s of one key list request under load (measureGet: any failed answer fails the figure),
 * after one answer checked against the seed: a full page starting at the expected key, the expected total (or an estimate within 10 %).
 */
export async function loadKeyList(origin, cookie, { query, cursorFrom, first, total }) {
  const after = cursorFrom ? (await getJson(`${origin}${KEYS_PATH}?${new URLSearchParams(cursorFrom)}`, cookie)).next_cursor : undefined;
  const url = `${origin}${KEYS_PATH}?${new URLSearchParams({ ...query, ...(after ? { after } : {}) })}`;
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  const body = await response.json();
  const firstMs = performance.now() - started;
  const rows = Math.min(KEY_PAGE_SIZE, total);
  // A capped count (total_capped) may say less than the total; the planner's estimate (total_estimated) is near it.
  const totalFits =
    body.total === total || (body.total_capped === true && body.total < total) || (body.total_estimated === true && Math.abs(body.total - total) <= total * 0.1);
  if (!totalFits || body.data?.length !== rows || body.data[0].name !== first) {
    throw new Error(`GET ${url}: expected ${rows} of ${total} keys from ${first}, got ${body.data?.length} of ${body.total} from ${body.data?.[0]?.name}`);
  }
  return { ...(await measureGet(url, { cookie }, KEY_LIST_LOAD)), total: body.total, firstMs };
}

async function getJson(url, cookie) {
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}
