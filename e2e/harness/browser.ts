import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  /** A fresh page in a fresh context (no cookies, no storage) for the current test. */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly baseUrl: string;
}

/**
 * One Chromium per test file, one fresh context per test. A missing browser fails the run, with or
 * without CI: browser tests are never skipped.
 */
export function useBrowser(options: { viewport?: { width: number; height: number } } = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      const where = process.env.CI === 'true' ? 'on CI' : 'on this machine';
      throw new Error(`Chromium is missing at ${CHROMIUM} ${where}. Install it with: apt-get install -y chromium`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  });

  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    // Reduced motion: dialogs open without a fade, so what a test checks (contrast above all) is the final state.
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    get page() {
      if (!page) throw new Error('No page: use it inside a test');
      return page;
    },
    get context() {
      if (!context) throw new Error('No context: use it inside a test');
      return context;
    },
    baseUrl,
  };
}
