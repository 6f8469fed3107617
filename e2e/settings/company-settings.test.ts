import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field } from '../harness/form';
import { Demo, signIn } from '../harness/sign-in';
import { rows } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const SETTINGS = '/v2/home/settings/company-settings';
const ELSEWHERE = '192.0.2.0/24';

describe('company settings', () => {
  it('adds addresses without a needless warning, asks before enforcing, and shows enforcement at once everywhere', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company settings' }).click();
    const currentIp = await page.getByTestId('current-ip').textContent();
    expect(currentIp).toBeTruthy();
    expect(await page.getByTestId('account-code').textContent()).toBeTruthy();

    // Not enforced, the list keeps nobody out: adding an address elsewhere asks nothing.
    for (const address of [ELSEWHERE, currentIp!]) {
      await field(page, 'IP address or range').fill(address);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await waitForToast(page, `${address} added to the IP allowlist.`);
    }
    await rows(page, 'IP allowlist entries').filter({ hasText: ELSEWHERE }).waitFor();
    expect(await page.getByTestId('allowlist-usage').textContent()).toMatch(/^2 of \d+ entries used$/);

    await page.getByTestId('enforce-ip-switch').click({ force: true });
    const dialog = await waitForDialog(page);
    expect(await dialog.textContent()).toContain('Enforce the IP allowlist?');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, 'The IP allowlist is enforced now.');
    await page.getByTestId('enforce-ip').getByText('Enforced', { exact: true }).waitFor();
    // The list's own badge agrees without a reload.
    await page.locator('.mantine-Badge-root', { hasText: /^Enforced$/ }).waitFor();
    await page.screenshot({ path: '/tmp/shots/company-enforced.png', fullPage: true });

    await page.getByTestId('enforce-ip-switch').click({ force: true });
    await waitForToast(page, 'The IP allowlist is no longer enforced.');
    await page.locator('.mantine-Badge-root', { hasText: /^Not enforced$/ }).waitFor();
    for (const address of [ELSEWHERE, currentIp!]) {
      await page.getByRole('button', { name: new RegExp(`^Remove ${address.replaceAll('.', '\\.')}`) }).click();
      await waitForToast(page, 'removed from the IP allowlist.');
    }
    await page.getByText('No addresses yet. Add one above.').waitFor();
  });

  it('shows the allowlist read-only to a user without allowlist:manage', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    await page.goto(SETTINGS);
    await page.getByTestId('current-ip').waitFor();
    expect(await page.getByRole('button', { name: 'Add', exact: true }).getAttribute('aria-disabled')).toBe('true');
    expect(await field(page, 'IP address or range').isDisabled()).toBe(true);
  });

  it('has no accessibility violations', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto(SETTINGS);
    await page.getByText('No addresses yet. Add one above.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
