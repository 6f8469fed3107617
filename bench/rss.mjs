import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export const RSS_SAMPLE_MS = 100;
/** A baseline is settled when this many samples in a row lie within SETTLED_SPREAD_BYTES; given up on after SETTLE_MS. */
const SETTLED_SAMPLES = 10;
const SETTLED_SPREAD_BYTES = 1e6;
const SETTLE_MS = 10_000;

/** The resident set of a process in bytes (VmRSS of /proc/<pid>/status). */
export function rssBytes(pid) {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/**
 * The idle server's resident set once it stops moving: a reading taken right after other work catches the
 * collector at any point of its cycle, so a growth measured from it varied by tens of MB from run to run. Samples
 * every RSS_SAMPLE_MS until SETTLED_SAMPLES in a row lie within SETTLED_SPREAD_BYTES (at most SETTLE_MS), and
 * answers their highest, with whether it settled.
 */
export async function settledRss(pid) {
  const window = [];
  const deadline = performance.now() + SETTLE_MS;
  for (;;) {
    window.push(rssBytes(pid));
    if (window.length > SETTLED_SAMPLES) window.shift();
    const spread = Math.max(...window) - Math.min(...window);
    const settled = window.length === SETTLED_SAMPLES && spread <= SETTLED_SPREAD_BYTES;
    if (settled || performance.now() > deadline) return { bytes: Math.max(...window), settled };
    await sleep(RSS_SAMPLE_MS);
  }
}

/**
 * Samples the process's resident set every RSS_SAMPLE_MS from now until stop(), which answers the highest sample
 * and every sample as [ms since the start, MB] (so a climb to the end can be told from a plateau).
 */
export function sampleRss(pid) {
  const started = performance.now();
  const samples = [];
  let peak = 0;
  const sample = () => {
    let rss;
    try {
      rss = rssBytes(pid);
    } catch {
      return; // the process is gone: whatever it was doing fails and says so
    }
    peak = Math.max(peak, rss);
    samples.push([Math.round(performance.now() - started), Math.round(rss / 1e5) / 10]);
  };
  sample();
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakBytes: peak, samples };
    },
  };
}
