import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { Demo, signIn, submitSignIn } from '../harness/sign-in';

const browser = useBrowser();
const SERVER_STATUS = '/v2/home/settings/server-status';

function pathAndContinue(url: string) {
  const parsed = new URL(url);
  return { pathname: parsed.pathname, continue: parsed.searchParams.get('continue') };
}

describe('routing rules (spec §2)', () => {
  it('sends a signed-out deep link to login with an alert and continue, then back to the deep link', async () => {
    const { page } = browser;
    await page.goto(SERVER_STATUS);
    const dialog = await waitForDialog(page);
    expect(await dialog.textContent()).toContain(Messages.sessionExpiredRedirect);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndContinue(page.url())).toEqual({ pathname: '/login', continue: SERVER_STATUS });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await submitSignIn(page, Demo.viewer.username);
    await page.waitForURL(`**${SERVER_STATUS}`);
    await page.getByTestId('web-version').waitFor();
  });

  it('treats a 401 from a call as a lost session: alert, then login with the page as continue target', async () => {
    const { page, context } = browser;
    await signIn(page, Demo.viewer.username);
    await page.getByRole('heading', { name: `Welcome, ${Demo.viewer.name}` }).waitFor();
    // The home page's own calls (the navigation's approvals count among them) are answered before the session goes:
    // on a loaded machine one could otherwise leave after the cookie and lose the session on the home page instead.
    await page.waitForLoadState('networkidle');
    await context.clearCookies({ name: SESSION_COOKIE });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Server status' }).click();
    const dialog = await waitForDialog(page);
    expect(await dialog.textContent()).toContain(Messages.sessionExpiredRedirect);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathAndContinue(page.url())).toEqual({ pathname: '/login', continue: SERVER_STATUS });
  });

  it('sends a signed-out visitor of / and of an unknown path to /login', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-in user from /, an unknown path and /login to /home', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    for (const path of ['/', '/no/such/page', '/login']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/home');
    }
  });

  for (const target of ['//evil.example', 'https://evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
    it(`refuses the continue target ${target} and lands on /home`, async () => {
      const { page } = browser;
      await signIn(page, Demo.viewer.username, `/login?continue=${encodeURIComponent(target)}`);
      await page.waitForURL((url) => url.pathname === '/home');
      expect(new URL(page.url()).origin).toBe(browser.baseUrl);
    });
  }

  it('sends a user whose company enforces MFA to /login/mfa/setup with continue', async () => {
    const { page } = browser;
    await signIn(page, Demo.enforced.username, `/login?continue=${encodeURIComponent(SERVER_STATUS)}`);
    await page.waitForURL((url) => url.pathname === '/login/mfa/setup');
    expect(pathAndContinue(page.url())).toEqual({ pathname: '/login/mfa/setup', continue: SERVER_STATUS });
    await page.getByRole('heading', { name: 'Multi-factor authentication required' }).waitFor();

    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login/mfa/setup');
    expect(pathAndContinue(page.url()).continue).toBe('/home');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
