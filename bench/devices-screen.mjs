import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { serialOf } from './devices-seed.mjs';

export const SCREEN = { runs: 3, timeoutMs: 30_000 };
/** The screen's default page size (PAGING_DEFAULTS): page p starts with device (p - 1) * 10 + 1 in serial order. */
const PAGE_SIZE = 10;

/**
 * The Remote Devices screen in Chromium at a million devices: from navigating to /home/service?section=devices until
 * the table's first row is the first device, and from clicking the next page until its first row is that page's
 * first device. One navigation first to fill the caches, then SCREEN.runs of each; median and slowest in ms.
 * The session is logged in to the service already; the browser visits the services page first, as a user does.
 */
export async function measureDevicesScreen(origin, cookies, serviceId) {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless') });
  try {
    const context = await browser.newContext();
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
    const page = await context.newPage();
    page.setDefaultTimeout(SCREEN.timeoutMs);
    // The console learns the service the session works in from the services page (as after a user's log-in there).
    await page.goto(`${origin}/home/services/${serviceId}`);
    await page.getByRole('link', { name: 'Open workspace' }).waitFor();
    const firstRow = (pageNumber) =>
      page.getByRole('table', { name: 'Remote devices' }).locator('tbody tr').first().filter({ hasText: serialOf((pageNumber - 1) * PAGE_SIZE + 1) });
    const open = async () => {
      const started = performance.now();
      await page.goto(`${origin}/home/service?section=devices`, { waitUntil: 'commit' });
      await firstRow(1).waitFor();
      return performance.now() - started;
    };
    await open();
    const opening = [];
    for (let i = 0; i < SCREEN.runs; i++) opening.push(await open());

    const paging = [];
    for (let pageNumber = 2; pageNumber <= SCREEN.runs + 1; pageNumber++) {
      const started = performance.now();
      await page.getByRole('button', { name: 'next page of Remote devices' }).click();
      await firstRow(pageNumber).waitFor();
      paging.push(performance.now() - started);
    }
    if (page.url().includes('/login')) throw new Error(`the screen ended on ${page.url()}: not signed in`);
    return { open: summary(opening), nextPage: summary(paging) };
  } finally {
    await browser.close();
  }
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), runsMs: times };
}
