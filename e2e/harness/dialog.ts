import type { Locator, Page } from 'playwright-core';

/** The open dialog (alert or confirm). */
export async function waitForDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}
