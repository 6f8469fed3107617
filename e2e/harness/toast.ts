import type { Locator, Page } from 'playwright-core';

/** Toasts on screen (Mantine notifications). */
export function toasts(page: Page): Locator {
  return page.locator('.mantine-Notification-root');
}

export async function waitForToast(page: Page, text: string): Promise<Locator> {
  const toast = toasts(page).filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible' });
  return toast;
}
