import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Messages } from '@keydeck/contract/messages';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fieldError, fill, submit } from '../harness/form';
import { DEMO_COMPANY, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const PORT_RANGES = '/v2/admin/company-management/port-ranges';
/** Ports of this run, clear of other runs' ranges on the same server. */
const base = 20_000 + Math.floor(Math.random() * 400) * 100;
const first = { start: base, end: base + 9 };
const second = { start: base + 10, end: base + 19 };
const text = (range: { start: number; end: number }) => `${range.start}-${range.end}`;

async function createRange(page: Page, range: { start: number; end: number }, description: string) {
  await page.getByRole('button', { name: 'New port range' }).click();
  const dialog = await waitForDialog(page);
  await fill(page, { 'Start port': String(range.start), 'End port': String(range.end), Description: description });
  await submit(page, 'Create port range');
  return dialog;
}

async function demoCompanyId(page: Page): Promise<string> {
  const { data } = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  return data.find((account) => account.name === DEMO_COMPANY)!.id;
}

describe('port ranges and account features', () => {
  it('creates two ranges, refuses an overlap on Start port, assigns one to Demo Company and releases it from the account', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Port ranges' }).click();
    await page.waitForURL((url) => url.pathname === PORT_RANGES);

    for (const [range, description] of [[first, 'E2E first'], [second, 'E2E second']] as const) {
      const dialog = await createRange(page, range, description);
      await waitForToast(page, `Port range ${text(range)} created.`);
      await dialog.waitFor({ state: 'detached' });
    }
    const overlapping = { start: base + 5, end: base + 14 };
    const dialog = await createRange(page, overlapping, 'E2E overlap');
    await expect.poll(() => fieldError(page, 'Start port')).toBe(Messages.portRangeOverlap(overlapping.start, overlapping.end));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Assign the first range to Demo Company, picked by a server-side name search.
    await page.getByRole('button', { name: `Assign ${text(first)}` }).click();
    const assign = await waitForDialog(page);
    await assign.getByRole('combobox', { name: 'Account' }).fill('Demo');
    await page.getByRole('option', { name: DEMO_COMPANY, exact: true }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await waitForToast(page, `Port range ${text(first)} assigned to ${DEMO_COMPANY}.`);
    await settled(page, 'Port ranges');
    expect(await rows(page, 'Port ranges').filter({ hasText: text(first) }).textContent()).toContain(DEMO_COMPANY);
    expect(await rows(page, 'Port ranges').filter({ hasText: text(second) }).textContent()).toContain('Free');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The account's tab: the assigned range, "Assign a free range" and "Release".
    await page.goto(`/v2/admin/company-management/accounts/${await demoCompanyId(page)}/port-ranges`);
    await rows(page, 'Account port ranges').filter({ hasText: text(first) }).waitFor();
    await page.getByRole('button', { name: 'Assign a free range' }).click();
    const pick = await waitForDialog(page);
    await pick.getByRole('combobox', { name: 'Free range' }).click();
    await page.getByRole('option', { name: `${text(second)} · E2E second` }).click();
    await pick.getByRole('button', { name: 'Assign', exact: true }).click();
    await waitForToast(page, `Port range ${text(second)} assigned to ${DEMO_COMPANY}.`);
    await rows(page, 'Account port ranges').filter({ hasText: text(second) }).waitFor();

    await page.getByRole('button', { name: `Release ${text(first)}` }).click();
    await (await waitForDialog(page)).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `Port range ${text(first)} released.`);
    await rows(page, 'Account port ranges').filter({ hasText: text(first) }).waitFor({ state: 'detached' });
  });

  it('switches an account feature, which is still on after a reload', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.goto(`/v2/admin/company-management/accounts/${await demoCompanyId(page)}/account-features`);
    const feature = page.getByRole('switch', { name: 'scheduled_reports' });
    await feature.waitFor();
    const before = await feature.isChecked();
    await feature.click({ force: true });
    await waitForToast(page, `Feature scheduled_reports turned ${before ? 'off' : 'on'}.`);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'scheduled_reports' }).isChecked()).toBe(!before);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
