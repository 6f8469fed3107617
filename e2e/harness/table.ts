import type { Locator, Page } from 'playwright-core';

/** A DataTable by its accessible name, and the texts a user reads in it. */
export function table(page: Page, name: string): Locator {
  return page.getByRole('table', { name });
}

/** Body rows (skeleton rows excluded: they are aria-hidden). */
export function rows(page: Page, name: string): Locator {
  return table(page, name).locator('tbody tr:not([aria-hidden])');
}

export function rangeText(page: Page): Promise<string | null> {
  return page.getByTestId('table-range').textContent();
}

/** Waits until the table shows fresh data (not the previous page dimmed). */
export async function settled(page: Page, name: string): Promise<void> {
  await table(page, name).and(page.locator('[aria-busy="false"]')).waitFor();
}
