import autocannon from 'autocannon';
import { withCpuUse } from './cpu-use.mjs';

export const LOAD = { connections: 10, warmUpSeconds: 2, seconds: 10 };

/**
 * Requests/s and p99 latency of one GET under a fixed load, after a warm-up whose numbers are
 * discarded (JIT, connection pools, caches), with the machine's CPU use while it ran (cpu-use.mjs). Any non-2xx answer or socket error makes the
 * figure meaningless, so it fails the measurement instead of being averaged in.
 */
export async function measureGet(url, headers = {}, { warmUpSeconds = LOAD.warmUpSeconds, seconds = LOAD.seconds } = {}) {
  await fire(url, headers, warmUpSeconds);
  const { cpu, ...result } = await withCpuUse(() => fire(url, headers, seconds));
  const problems = [];
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx answers (${statusSummary(result)})`);
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (problems.length) throw new Error(`GET ${url}: ${problems.join(', ')}`);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    cpu,
  };
}

function fire(url, headers, duration) {
  return autocannon({
    url,
    headers,
    connections: LOAD.connections,
    duration,
    // Bounds a stuck request so the run always ends near its planned time.
    timeout: 10,
  });
}

function statusSummary(result) {
  return ['1', '2', '3', '4', '5']
    .map((c) => [`${c}xx`, result[`${c}xx`]])
    .filter(([, n]) => n)
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}
