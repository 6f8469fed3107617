import type { Locator, Page } from 'playwright-core';

/**
 * A section's link in a layout's grouped section navigation (an account's "Account sections", the workspace's
 * "Service sections"); with `current`, only while it is the open section (aria-current="page").
 */
export function sectionLink(page: Page, name: string, { current = false }: { current?: boolean } = {}): Locator {
  const link = page.getByRole('navigation', { name: / sections$/ }).getByRole('link', { name, exact: true });
  return current ? link.and(page.locator('[aria-current="page"]')) : link;
}
