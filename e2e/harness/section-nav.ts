import type { Locator, Page } from 'playwright-core';

/**
 * A section's link in a layout's grouped section navigation (an account's "Account sections", the workspace's
 * "Service sections"); with `current`, only while it is the open section (aria-current="page").
 */
export function sectionLink(page: Page, name: string, { current = false }: { current?: boolean } = {}): Locator {
  const link = page.getByRole('navigation', { name: / sections$/ }).getByRole('link', { name, exact: true });
  return current ? link.and(page.locator('[aria-current="page"]')) : link;
}

/** An entry of the sidebar ("Main" navigation), reached as a user would: a closed group holding it is opened first. */
export async function sidebarLink(page: Page, name: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name, exact: true });
  await nav.getByRole('button').first().waitFor();
  // One closed group at a time: opening one changes which are closed. Bounded by the sidebar's few groups.
  const closed = nav.locator('button[aria-expanded="false"]');
  for (let opened = 0; opened < 10 && !(await link.isVisible()) && (await closed.count()) > 0; opened += 1) await closed.first().click();
  return link;
}
