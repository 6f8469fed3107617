import { describe, expect, it } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { fieldError, submit } from '../harness/form';
import { DEMO_COMPANY, Demo, sessionStatus, signIn, submitSignIn } from '../harness/sign-in';

const browser = useBrowser();

describe('sign-in and sign-out', () => {
  it('signs in to /home, opens Server status from the navigation, and signs out', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    expect(new URL(page.url()).pathname).toBe('/home');
    const header = page.locator('header');
    await header.getByText(Demo.viewer.name).waitFor();
    await header.getByText(DEMO_COMPANY).waitFor();
    await page.getByRole('heading', { name: `Welcome, ${Demo.viewer.name}` }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Server status' }).click();
    await page.waitForURL('**/v2/home/settings/server-status');
    expect(await page.getByTestId('server-version').textContent()).toMatch(/\S/);
    expect(await page.getByTestId('web-version').textContent()).toBe('0.1.0');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await sessionStatus(page)).toBe(401);
  });

  it("shows 'Invalid username or password.' for a wrong password and stays on /login", async () => {
    const { page } = browser;
    await page.goto('/login');
    await submitSignIn(page, Demo.viewer.username, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: Messages.invalidCredentials });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the validation messages under empty fields', async () => {
    const { page } = browser;
    await page.goto('/login');
    await submit(page, 'Sign in');
    await page.getByText('Enter your username').waitFor();
    expect(await fieldError(page, 'Username')).toBe('Enter your username');
    expect(await fieldError(page, 'Password')).toBe('Enter your password');
  });

  it('has no accessibility violations on /login', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
