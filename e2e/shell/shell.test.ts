import { describe, expect, it } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { Demo, signIn, submitSignIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { toasts, waitForToast } from '../harness/toast';

const browser = useBrowser();
const SERVER_STATUS = '/v2/home/settings/server-status';

describe('shell', () => {
  it('hides Server status from a user without permission and shows the no-permission screen on the deep link', async () => {
    const { page } = browser;
    await signIn(page, Demo.newcomer.username);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Server status' }).count()).toBe(0);

    await page.goto(SERVER_STATUS);
    await page.getByText('You do not have permission to open this page').waitFor();
    expect(new URL(page.url()).pathname).toBe(SERVER_STATUS);
    expect(await page.getByTestId('server-version').count()).toBe(0);
  });

  it('says that an unknown path does not exist when it takes the user to the start page', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    await page.getByRole('heading', { name: `Welcome, ${Demo.viewer.name}` }).waitFor();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/home');
    await waitForToast(page, 'The page /no/such/page does not exist, so you were taken to the start page.');
  });

  it('shows the same error toast only once and closes it on click', async () => {
    const { page, context } = browser;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // The server refuses a request without the anti-forgery cookie (and issues a new one): do it twice.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await context.clearCookies({ name: 'VCSRF-TOKEN' });
      const refused = page.waitForResponse((response) => response.url().endsWith('/rest/api/v1/login') && response.status() === 403);
      await submitSignIn(page, Demo.viewer.username);
      await refused;
    }
    const toast = await waitForToast(page, Messages.csrfRejected);
    expect(await toast.count()).toBe(1);
    expect(await toasts(page).count()).toBe(1);
    await toast.click();
    await toast.waitFor({ state: 'detached' });
  });

  it('keeps the chosen theme across a reload', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    const before = await scheme();
    const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ });
    await toggle.click();
    const after = before === 'dark' ? 'light' : 'dark';
    await page.waitForFunction((expected) => document.documentElement.dataset.mantineColorScheme === expected, after);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome, ${Demo.viewer.name}` }).waitFor();
    expect(await scheme()).toBe(after);
  });

  it('shows on /home what needs attention, not the navigation again, and has no accessibility violations', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('heading', { name: `Welcome, ${Demo.admin.name}` }).waitFor();
    await page.getByTestId('home-mfa').waitFor();
    await page.getByTestId('home-services').getByRole('link', { name: 'Open services' }).waitFor();
    // The newest events of the company, the sign-in just made among them.
    await page.getByTestId('home-recent-events').getByText('auth.login').first().waitFor();
    expect(await page.getByText('What you can open').count()).toBe(0);
    // Platform approvals are not a company administrator's business.
    expect(await page.getByTestId('home-pending-approvals').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/home.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows a platform administrator the requests awaiting approval on /home', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const approvals = page.getByTestId('home-pending-approvals');
    await approvals.getByRole('link', { name: 'Review all' }).waitFor();
    await approvals.getByText(/waiting|No request is waiting/).first().waitFor();
  });
});
