import { settledRss, sampleRss } from './rss.mjs';
import { textTable } from './text-table.mjs';

const mb = (bytes) => (bytes / 1e6).toFixed(1);

/** The report's table of one export per database (`ran`: [database, { export }] pairs), against the targets `t`. */
export function exportTable(ran, t) {
  return textTable(
    ['database', 'rows', 'first byte ms', 'first row ms', 'total s', 'rows/s', 'RSS growth MB', 'baseline MB', 'target', 'verdict'],
    ran.map(([database, { export: e }]) => [
      database,
      e ? e.rows.toLocaleString('en-US') : 'n/a',
      e ? Math.round(e.firstByteMs) : '',
      e ? Math.round(e.firstRowMs) : '',
      e ? e.totalSeconds.toFixed(1) : '',
      e ? Math.round(e.rowsPerSecond).toLocaleString('en-US') : '',
      e ? mb(e.rssGrowthBytes) : '',
      e ? `${mb(e.rssBaselineBytes)}${e.rssBaselineSettled ? '' : ' (unsettled)'}` : '',
      `first byte < ${t.exportFirstByteMs} ms, RSS < ${t.exportRssGrowthBytes / 1e6} MB`,
      !e ? 'n/a' : e.firstByteMs < t.exportFirstByteMs && e.rssGrowthBytes < t.exportRssGrowthBytes ? 'PASS' : 'FAIL',
    ]),
  );
}

const EXPORT_TIMEOUT_MS = 300_000;
const NEWLINE = 0x0a;

/**
 * Downloads a CSV export (`url`, the body read as it streams): time to the first byte and to the first data row,
 * total time, rows, and the growth of the server process's resident memory while it streams. First a small export
 * (`warmUpUrl`) loads and warms the export's code, then the idle server's memory is left to settle (rss.mjs): the
 * growth is the highest sample during the download less that settled baseline. `orMore`: at least expectedRows rows.
 */
export async function measureCsvExport({ url, warmUpUrl, cookie, serverPid, expectedRows, orMore = false }) {
  await download(warmUpUrl, cookie);
  const baseline = await settledRss(serverPid);
  const sampler = sampleRss(serverPid);
  let rss;
  let timings;
  try {
    timings = await download(url, cookie);
  } finally {
    rss = sampler.stop();
  }
  if (orMore ? timings.rows < expectedRows : timings.rows !== expectedRows) throw new Error(`export: ${timings.rows} rows, expected ${orMore ? 'at least ' : ''}${expectedRows}`);
  return {
    ...timings,
    rowsPerSecond: timings.rows / timings.totalSeconds,
    rssBaselineBytes: baseline.bytes,
    rssBaselineSettled: baseline.settled,
    rssGrowthBytes: rss.peakBytes - baseline.bytes,
    /** [ms since the request, MB] every 100 ms. */
    rssSamples: rss.samples,
  };
}

async function download(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
  let firstByteMs;
  let firstRowMs;
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
    // The first line is the column names.
    if (lines > 1) firstRowMs ??= performance.now() - started;
  }
  return { rows: lines - 1, bytes, firstByteMs, firstRowMs, totalSeconds: (performance.now() - started) / 1000 };
}
