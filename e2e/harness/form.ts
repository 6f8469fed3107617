import type { Locator, Page } from 'playwright-core';

/**
 * Form controls by their visible label, the way a user finds them. A required field's label ends in
 * an aria-hidden asterisk, which its accessible name (the role query) leaves out.
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true }).or(page.getByRole('textbox', { name: label, exact: true }));
}

export async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

export async function submit(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** The error text Mantine shows under a field (linked through aria-describedby). */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const describedBy = await field(page, label).getAttribute('aria-describedby');
  const errorId = describedBy?.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  // Read what is on screen now: the error may go between reading the field and reading it.
  const [text] = await page.locator(`[id="${errorId}"]`).allTextContents();
  return text ?? null;
}
