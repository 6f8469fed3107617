import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';

export const DEVICES_PATH = '/rest/api/v1/service/device';
/** Shorter than the main HTTP load: seven cases a database. */
export const LIST_LOAD = { connections: 10, warmUpSeconds: 1, seconds: 5 };
const SETTLE_SECONDS = 60;

export const listUrl = (origin, query, path = DEVICES_PATH) => `${origin}${path}?${new URLSearchParams(query)}`;

/**
 * p99 latency and requests/s of one list request under load (autocannon, LIST_LOAD), after one checked answer
 * (whose next_cursor it resolves too): the device list, or another list at `path` (`base`: the query of its plain
 * first page). Timeouts and failed answers are counted into the result, not thrown: a list that is too slow is a
 * figure. Afterwards waits (bounded) until the server answers the plain first page promptly again, so a backlog
 * does not spill into the next case.
 */
export async function loadList(origin, cookie, query, { path = DEVICES_PATH, base = {} } = {}) {
  const url = listUrl(origin, query, path);
  const first = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  if (first.status !== 200) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
  const body = await first.json();
  if (!body.data?.length || !body.total) throw new Error(`GET ${url}: no rows in ${JSON.stringify(body).slice(0, 200)}`);

  await fire(url, cookie, LIST_LOAD.warmUpSeconds);
  const result = await fire(url, cookie, LIST_LOAD.seconds);
  const settled = await settle(listUrl(origin, base, path), cookie);
  return {
    // None answered within the run (a backlog from the warm-up can hold them all): no latency to report.
    p99Ms: result.requests.total ? result.latency.p99 : undefined,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    ...(result.timeouts ? { timeouts: result.timeouts } : {}),
    total: body.total,
    totalCapped: body.total_capped,
    totalEstimated: body.total_estimated === true,
    ...(settled ? {} : { unsettled: true }),
    nextCursor: body.next_cursor ?? null,
  };
}

function fire(url, cookie, duration) {
  return autocannon({ url, headers: { cookie }, connections: LIST_LOAD.connections, duration, timeout: 10 });
}

/** Until the plain first page answers within a second, at most SETTLE_SECONDS. */
async function settle(url, cookie) {
  const deadline = Date.now() + SETTLE_SECONDS * 1000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(SETTLE_SECONDS * 1000) }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok && Date.now() - started < 1000) return true;
    await sleep(500);
  }
  return false;
}
