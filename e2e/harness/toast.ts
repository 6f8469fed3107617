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

/**
 * Closes the toasts on screen, for a screenshot without them: a click closes one; one that cannot be clicked (under a
 * dialog's overlay) closes by itself once the pointer is off it (a hovered toast stays), within its 2.5 s.
 */
export async function dismissToasts(page: Page): Promise<void> {
  for (const toast of await toasts(page).all()) await toast.click({ timeout: 1_000 }).catch(() => undefined);
  await page.mouse.move(0, 0);
  await toasts(page).first().waitFor({ state: 'detached', timeout: 5_000 });
}
