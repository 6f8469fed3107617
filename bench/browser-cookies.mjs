import { chromium } from 'playwright-core';

/**
 * Puts cookies in the jar of an already running Chromium (its default profile), then lets go of it.
 * Lighthouse's `extraHeaders: {Cookie}` is not enough for Keydeck: the first page response sets
 * VCSRF-TOKEN, and from then on Chromium sends its jar's Cookie header in place of the extra one,
 * so the session vanishes. Lighthouse's storage reset leaves cookies alone by default.
 */
export async function addCookies(debuggingPort, origin, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    await browser.contexts()[0].addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
  } finally {
    // On a browser reached over CDP, close() only disconnects; Chromium and its cookies stay.
    await browser.close();
  }
}
