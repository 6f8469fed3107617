import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { accountFields, apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, fieldError, fill, submit } from '../harness/form';
import { signInAsPlatformAdmin } from '../harness/sign-in';
import { rangeText, rows, settled, table } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const ACCOUNTS = '/v2/admin/company-management/accounts';
const run = randomBytes(3).toString('hex');

describe('accounts administration', () => {
  it('pages, searches, creates (server field errors on their fields), edits and disables accounts', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    // More than one page of accounts, all findable by this run's prefix.
    const seeded = Array.from({ length: 11 }, (_, i) => accountFields(`pg${run}-${String(i).padStart(2, '0')}`, `Paged ${run} ${String(i).padStart(2, '0')}`));
    await apiCall(page, api.accounts.createAccounts, { body: { accounts: seeded } });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL((url) => url.pathname === ACCOUNTS);
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(`Paged ${run}`);
    await page.waitForURL((url) => url.searchParams.get('search') === `Paged ${run}`);
    await settled(page, 'Accounts');
    expect(await rangeText(page)).toBe('Showing 1–10 of 11');
    expect(await rows(page, 'Accounts').count()).toBe(10);

    await page.getByRole('button', { name: 'Page 2 of Accounts' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page, 'Accounts');
    expect(await rows(page, 'Accounts').allTextContents()).toEqual([expect.stringContaining(`Paged ${run} 10`)]);

    // Sorting by name descending puts the last one first, back on page 1.
    await page.getByRole('button', { name: 'Name: sort descending' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc' && !url.searchParams.has('page'));
    await settled(page, 'Accounts');
    expect(await rows(page, 'Accounts').first().textContent()).toContain(`Paged ${run} 10`);

    // Create: a slug another account holds comes back as a field error on Account slug.
    const fresh = accountFields(`new${run}`, `Created ${run}`);
    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { 'Company name': fresh.name, 'Account code': fresh.account_code, 'Account slug': seeded[0]!.account_slug, 'API name': fresh.api_name });
    await submit(page, 'Create account');
    await expect.poll(() => fieldError(page, 'Account slug')).toBe(Messages.accountTaken('account slug'));
    await field(page, 'Account slug').fill(fresh.account_slug);
    await submit(page, 'Create account');
    await waitForToast(page, `Account ${fresh.name} created.`);
    // A new account has no administrator: the prompt to invite one follows (account-first-administrator.test.ts); not here.
    await page.getByRole('dialog', { name: `Invite an administrator of ${fresh.name}` }).getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(fresh.name);
    await table(page, 'Accounts').getByRole('link', { name: fresh.name }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/company'));
    await page.getByRole('heading', { name: fresh.name }).waitFor();

    // Edit company fields; the saved values come back from the server.
    await fill(page, { 'Contact name': 'Grace Hopper', 'Contact email': 'grace@example.com' });
    await page.getByRole('switch', { name: 'Enforce the IP allowlist' }).click();
    await submit(page, 'Save changes');
    await waitForToast(page, `Account ${fresh.name} saved.`);
    await page.reload();
    await expect.poll(() => field(page, 'Contact name').inputValue()).toBe('Grace Hopper');
    expect(await page.getByRole('switch', { name: 'Enforce the IP allowlist' }).isChecked()).toBe(true);

    // Disable from the list: select, confirm, per-row result, status badge.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(fresh.name);
    await page.waitForURL((url) => url.searchParams.get('search') === fresh.name);
    await settled(page, 'Accounts');
    await page.getByRole('checkbox', { name: `Select ${fresh.name}`, exact: true }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Disable' }).click();
    const confirmDialog = await waitForDialog(page);
    expect(await confirmDialog.textContent()).toContain(`Disable the account ${fresh.name}?`);
    await confirmDialog.getByRole('button', { name: 'Yes' }).click();
    expect(await page.getByTestId('batch-report').textContent()).toContain(`Disabled ${fresh.name}`);
    await rows(page, 'Accounts').filter({ hasText: 'Disabled' }).waitFor();
  });

  it('has no accessibility violations on the accounts list and an account page', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.goto(ACCOUNTS);
    await settled(page, 'Accounts');
    await rows(page, 'Accounts').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await table(page, 'Accounts').getByRole('link').first().click();
    await sectionLink(page, 'Company').waitFor();
    await field(page, 'Company name').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows every account section, "IP allowlist" among them, at 1440 and 768 px', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.goto(ACCOUNTS);
    await settled(page, 'Accounts');
    await table(page, 'Accounts').getByRole('link').first().click();
    const sections = page.getByRole('navigation', { name: 'Account sections' });
    const tabs = sections.getByRole('link');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toContain('IP allowlist');
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      // Below 1200 px the sections fold into a button naming the open one.
      if (width < 1200) await sections.getByRole('button', { name: /^Account sections: / }).click();
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect([await tab.textContent(), box.x >= 0 && box.x + box.width <= width]).toEqual([await tab.textContent(), true]);
      }
      await page.screenshot({ path: `/tmp/shots/account-tabs-${width}.png` });
    }
    await tabs.filter({ hasText: 'Offboarding' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/account-offboarding'));
  });
});
