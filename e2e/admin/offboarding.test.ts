import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { accountExport } from '@keydeck/contract/offboarding';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { accountFields, apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, fill, submit } from '../harness/form';
import { signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const ACCOUNTS = '/v2/admin/company-management/accounts';
const run = randomBytes(3).toString('hex');

describe('account offboarding', () => {
  it('grants a license, exports the account data, then deletes the account by typing its slug', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const fields = accountFields(`off${run}`, `Offboard ${run}`);
    const { accounts } = await apiCall(page, api.accounts.createAccounts, { body: { accounts: [fields] } });
    const account = accounts[0]!;

    // Licenses tab: grant one through the form.
    await page.goto(`${ACCOUNTS}/${account.id}/licenses`);
    await page.getByRole('button', { name: 'Add license' }).click();
    const licenseDialog = await waitForDialog(page);
    await licenseDialog.getByRole('textbox', { name: 'Product' }).or(licenseDialog.getByRole('combobox', { name: 'Product' })).fill('cloud_hsms');
    await fill(page, { Quantity: '3', Notes: 'E2E order' });
    await submit(page, 'Grant license');
    await waitForToast(page, 'added.');
    await licenseDialog.waitFor({ state: 'detached' });
    await settled(page, 'Account licenses');
    expect(await rows(page, 'Account licenses').allTextContents()).toEqual([expect.stringMatching(/Cloud HSMs.*KD-[0-9A-Z]{4}-[0-9A-Z]{4}.*3.*Active/)]);

    // Offboarding tab: deletion stays disabled until an export was made.
    await sectionLink(page, 'Offboarding').click();
    await page.waitForURL((url) => url.pathname.endsWith('/account-offboarding'));
    const deleteButton = page.getByRole('button', { name: 'Delete account', exact: true });
    await expect.poll(() => deleteButton.isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export account data' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${fields.account_slug}-export-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const exported = accountExport.parse(JSON.parse(await readFile((await download.path())!, 'utf8')));
    expect(exported.account.account_slug).toBe(fields.account_slug);
    expect(exported.licenses.map((l) => l.product)).toEqual(['cloud_hsms']);
    await expect.poll(() => page.getByTestId('export-state').textContent()).toMatch(/^Last exported /);

    // Step 2: the danger dialog deletes only with the slug typed exactly.
    await expect.poll(() => deleteButton.isDisabled()).toBe(false);
    await deleteButton.click();
    const dialog = await waitForDialog(page);
    const confirmButton = dialog.getByRole('button', { name: 'Delete account for good' });
    const slugInput = field(page, `Type ${fields.account_slug} to confirm`);
    await slugInput.fill(`${fields.account_slug}x`);
    expect(await confirmButton.isDisabled()).toBe(true);
    await slugInput.fill(fields.account_slug);
    await confirmButton.click();
    await waitForToast(page, `Account ${fields.account_slug} deleted.`);
    await page.waitForURL((url) => url.pathname === ACCOUNTS);

    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(fields.name);
    await page.waitForURL((url) => url.searchParams.get('search') === fields.name);
    await settled(page, 'Accounts');
    expect(await rows(page, 'Accounts').allTextContents()).toEqual([`No account matches “${fields.name}”.`]);
  });
});
