import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Messages } from '@keydeck/contract/messages';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { submit } from '../harness/form';
import { DEMO_COMPANY, signInAsPlatformAdmin } from '../harness/sign-in';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const PASSWORD_SWITCH = 'Username and password';
const OPENID_SWITCH = 'Identity providers (OpenID Connect)';

async function demoCompanyId(page: Page): Promise<string> {
  const { data } = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  return data.find((account) => account.name === DEMO_COMPANY)!.id;
}

/** The platform administrator again, in the same tab: the login page must forget the demo account it remembers. */
async function backAsPlatformAdmin(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await signInAsPlatformAdmin(page);
}

/** Whatever happened in the test, Demo Company signs in with passwords again: the other files need it. */
async function restoreDemoFlows(page: Page, accountId: string) {
  await page.context().clearCookies();
  // Raw on purpose: signed out, the session probe answers 401 (apiCall would throw) and sets the anti-forgery cookie.
  await page.request.get('/rest/api/v1/login');
  await apiCall(page, api.auth.login, { body: { username: inject('adminUsername'), password: inject('adminPassword') } });
  await apiCall(page, api.allowedFlows.updateAllowedFlows, { params: { account_id: accountId }, body: { password: true, openid: true } });
}

async function setSwitch(page: Page, label: string, checked: boolean) {
  const control = page.getByRole('switch', { name: label });
  if ((await control.isChecked()) !== checked) await control.click({ force: true });
}

describe('allowed flows', () => {
  it('turns password sign-in off for Demo Company: its sign-in page shows no password form until it is back on', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const demoId = await demoCompanyId(page);
    const tab = `/v2/admin/company-management/accounts/${demoId}/allowed-flows`;
    try {
      await page.goto(tab);
      await sectionLink(page, 'Allowed flows').waitFor();
      expect(await page.getByRole('switch', { name: PASSWORD_SWITCH }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: OPENID_SWITCH }).isChecked()).toBe(true);
      expect(await accessibilityViolations(page)).toEqual([]);

      // None at all is refused before anything is sent.
      await setSwitch(page, PASSWORD_SWITCH, false);
      await setSwitch(page, OPENID_SWITCH, false);
      await submit(page, 'Save changes');
      await page.getByText(Messages.allowedFlowsNoneLeft).waitFor();

      await setSwitch(page, OPENID_SWITCH, true);
      await page.screenshot({ path: '/tmp/shots-af/allowed-flows-tab.png', fullPage: true });
      await submit(page, 'Save changes');
      await waitForToast(page, 'Allowed sign-in methods saved.');

      await page.context().clearCookies();
      await page.goto('/login?account_slug=demo');
      await page.getByText('Account: demo · sign in with your identity provider').waitFor();
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Forgot password?' }).count()).toBe(0);
      await page.screenshot({ path: '/tmp/shots-af/login-without-password.png', fullPage: true });
      expect(await accessibilityViolations(page)).toEqual([]);

      await backAsPlatformAdmin(page);
      await page.goto(tab);
      await setSwitch(page, PASSWORD_SWITCH, true);
      await submit(page, 'Save changes');
      await waitForToast(page, 'Allowed sign-in methods saved.');
      await page.context().clearCookies();
      await page.goto('/login?account_slug=demo');
      await page.getByLabel('Password', { exact: true }).waitFor();
    } finally {
      await restoreDemoFlows(page, demoId);
    }
  });
});
