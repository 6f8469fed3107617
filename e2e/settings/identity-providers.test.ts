import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill } from '../harness/form';
import { Demo, signIn } from '../harness/sign-in';
import { rows } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const PROVIDER = 'Demo Workforce';

describe('identity providers in the customer settings', () => {
  it('lets demo.admin add a provider that then appears on the company sign-in page, and remove it', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Identity providers' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/identity-providers');
    await page.getByRole('button', { name: 'Add provider' }).click();
    const dialog = await waitForDialog(page);
    // What to register at the provider, with a copy button.
    const baseUrl = new URL(page.url()).origin;
    expect(await dialog.getByTestId('redirect-uri').textContent()).toBe(`${baseUrl}/login/openid/complete`);
    await dialog.getByRole('button', { name: `Copy redirect URI ${baseUrl}/login/openid/complete` }).waitFor();
    await fill(page, { Name: PROVIDER, 'Issuer URL': 'https://login.demo.example/realms/workforce', 'Client ID': 'keydeck-console' });
    await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
    await waitForToast(page, `Identity provider ${PROVIDER} added.`);
    await rows(page, 'Identity providers').filter({ hasText: PROVIDER }).waitFor();
    await page.screenshot({ path: '/tmp/shots-af/settings-identity-providers.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    const signedIn = page.url();
    await page.context().clearCookies();
    await page.goto('/login?account_slug=demo');
    await page.getByRole('button', { name: `Sign in with ${PROVIDER}` }).waitFor();

    await signIn(page, Demo.admin.username, '/login?account_slug=demo');
    await page.goto(signedIn);
    await page.getByRole('button', { name: `Remove ${PROVIDER}` }).click();
    await (await waitForDialog(page)).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `Identity provider ${PROVIDER} removed.`);
  });

  it('is not offered to a user without company:manage', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Identity providers' }).count()).toBe(0);
  });
});
