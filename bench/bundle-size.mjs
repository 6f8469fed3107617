import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { assertChromium, CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const PAGE_TIMEOUT_MS = 60_000;

/**
 * What a first visit to `url` makes the browser download in scripts and stylesheets, each body
 * gzipped at level 9. Gzipping ourselves gives the same figure whether or not the server
 * compresses, so it measures the bundle, not the server's compression settings.
 */
export async function measureBundle(url) {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, timeout: PAGE_TIMEOUT_MS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = [];
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (kind) pending.push(sizeOf(response, kind));
    });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`GET ${url} in Chromium: expected 200, got ${response?.status()}`);
    const files = await Promise.all(pending);
    const total = (kind) => files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzipBytes, 0);
    return {
      jsGzipBytes: total('js'),
      cssGzipBytes: total('css'),
      browserVersion: browser.version(),
      serverEncodings: [...new Set(files.map((f) => f.encoding))],
      files,
    };
  } finally {
    await browser.close();
  }
}

// Module preloads are not always typed "script" by the browser, so the content type decides too.
function kindOf(response) {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  return undefined;
}

async function sizeOf(response, kind) {
  const body = await response.body();
  return {
    kind,
    url: new URL(response.url()).pathname,
    status: response.status(),
    rawBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    encoding: response.headers()['content-encoding'] ?? 'identity',
  };
}
