import { existsSync } from 'node:fs';

/** Debian's Chromium and the flags it runs with on these machines (see ARCHITECTURE.md, facts measured). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** chrome-launcher crashes the process (an unhandled spawn error) on a missing binary: check first. */
export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (set CHROME_PATH)`);
}
