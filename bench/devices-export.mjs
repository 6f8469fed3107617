import { readFileSync } from 'node:fs';
import { DEVICES_PATH } from './devices-load.mjs';

const SAMPLE_MS = 100;
const EXPORT_TIMEOUT_MS = 300_000;
const NEWLINE = 0x0a;

/** The resident set of a process in bytes (VmRSS of /proc/<pid>/status). */
function rssBytes(pid) {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/**
 * Downloads the CSV export of every device (GET service/device?export=true), reading the body as it streams:
 * time to the first byte and to the first device row, total time, rows, and the server process's resident memory
 * sampled every 100 ms (growth = highest sample less the one taken just before the request; the samples are kept,
 * in MB, so a climb to the end can be told from a plateau).
 */
export async function measureExport(origin, cookie, serverPid, expectedRows) {
  const baseline = rssBytes(serverPid);
  let peak = baseline;
  const started = performance.now();
  const samples = [];
  const sample = () => {
    let rss;
    try {
      rss = rssBytes(serverPid);
    } catch {
      return; // the server is gone: the download fails and says so
    }
    peak = Math.max(peak, rss);
    samples.push([Math.round(performance.now() - started), Math.round(rss / 1e5) / 10]);
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  try {
    const response = await fetch(`${origin}${DEVICES_PATH}?export=true`, { headers: { cookie }, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
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
    const totalMs = performance.now() - started;
    sample();
    const rows = lines - 1;
    if (rows !== expectedRows) throw new Error(`export: ${rows} rows, expected ${expectedRows}`);
    return {
      rows,
      bytes,
      firstByteMs,
      firstRowMs,
      totalSeconds: totalMs / 1000,
      rowsPerSecond: rows / (totalMs / 1000),
      rssBaselineBytes: baseline,
      rssGrowthBytes: peak - baseline,
      /** [ms since the request, MB] every 100 ms. */
      rssSamples: samples,
    };
  } finally {
    clearInterval(sampler);
  }
}
