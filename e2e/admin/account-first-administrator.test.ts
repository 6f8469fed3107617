import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { accountFields, apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { passwordLinkIn, waitForMail } from '../harness/outbox';
import { signInAsPlatformAdmin } from '../harness/sign-in';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const ACCOUNTS = '/v2/admin/company-management/accounts';
const run = randomBytes(3).toString('hex');

describe("a new account's first administrator", () => {
  it('is asked for as soon as the account is created, and invited by e-mail', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.goto(ACCOUNTS);
    const fresh = accountFields(`fa${run}`, `First admin ${run}`);
    await page.getByRole('button', { name: 'New account' }).click();
    await waitForDialog(page);
    await fill(page, { 'Company name': fresh.name, 'Account code': fresh.account_code, 'Account slug': fresh.account_slug, 'API name': fresh.api_name });
    await submit(page, 'Create account');
    await waitForToast(page, `Account ${fresh.name} created.`);

    const prompt = page.getByRole('dialog', { name: `Invite an administrator of ${fresh.name}` });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(`${fresh.name} has no administrator yet`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/account-invite-prompt.png' });
    const email = `first.${run}@example.test`;
    const sent = new Date();
    await fill(page, { Name: 'Frieda First', Username: `first.${run}`, Email: email });
    await submit(page, 'Send invitation');
    await waitForToast(page, `Invitation sent to ${email}.`);
    await prompt.waitFor({ state: 'detached' });
    expect(passwordLinkIn(await waitForMail(email, sent))).toContain('invite=1');
  });

  it("shows on the account's page that it has none until one is invited", async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const fields = accountFields(`na${run}`, `No admin ${run}`);
    const { accounts } = await apiCall(page, api.accounts.createAccounts, { body: { accounts: [fields] } });
    const account = accounts[0]!;

    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${ACCOUNTS}/${account.id}/company`);
      await page.getByTestId('account-no-administrator').getByText('No administrator yet').waitFor();
      await page.screenshot({ path: `/tmp/shots/account-no-administrator-${width}.png` });
    }
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Invite an administrator' }).click();
    const prompt = page.getByRole('dialog', { name: `Invite an administrator of ${fields.name}` });
    await prompt.waitFor();
    await fill(page, { Name: 'Nora Next', Username: `next.${run}`, Email: `next.${run}@example.test` });
    await submit(page, 'Send invitation');
    await waitForToast(page, `Invitation sent to next.${run}@example.test.`);
    await page.getByTestId('account-no-administrator').waitFor({ state: 'detached' });
  });
});
