import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Accessibility violations (WCAG 2.x A and AA) on the page as it is, one line each. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
