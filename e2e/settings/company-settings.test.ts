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
  it('asks before adding an address that leaves the user outside the allowlist, then lists it', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Company settings' }).click();
    const currentIp = await page.getByTestId('current-ip').textContent();
    expect(currentIp).toBeTruthy();
    expect(await page.getByTestId('account-code').textContent()).toBeTruthy();

    await field(page, 'IP address or range').fill(ELSEWHERE);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = await waitForDialog(page);
    expect(await dialog.textContent()).toContain(`your current address ${currentIp} outside the IP allowlist`);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `${ELSEWHERE} added to the IP allowlist.`);
    await rows(page, 'IP allowlist entries').filter({ hasText: ELSEWHERE }).waitFor();
    expect(await page.getByTestId('allowlist-usage').textContent()).toMatch(/^1 of \d+ entries used$/);

    // The demo company does not enforce its list, so removing needs no confirmation.
    await page.getByRole('button', { name: `Remove ${ELSEWHERE}` }).click();
    await waitForToast(page, `${ELSEWHERE} removed from the IP allowlist.`);
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
