import { describe, expect, it, inject } from 'vitest';
import { Messages } from '@keydeck/contract/messages';
import { PasswordText } from '@keydeck/contract/passwords';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { fieldError, fill, submit } from '../harness/form';
import { passwordLinkIn, waitForMail } from '../harness/outbox';
import { sessionStatus, signIn, submitSignIn } from '../harness/sign-in';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const USER = { username: 'demo.support', email: 'demo.support@demo.example', accountCode: 'DEMO01' };
const NEW_PASSWORD = 'Copper-Meadow-Signal-42';
/** A demo user no other browser test signs in as: these tests change its password. */
const CHANGER = 'demo.finance';

describe('password recovery', () => {
  it('mails a link from /forgot, sets a new password through it once, and signs in with it', async () => {
    const { page } = browser;
    await page.goto('/login?continue=%2Fv2%2Fhome%2Fsettings%2Fserver-status');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot');
    expect(new URL(page.url()).searchParams.get('continue')).toBe('/v2/home/settings/server-status');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const asked = new Date();
    // The link says which way is back, in the console's own colour (not the browser's default link blue).
    const backColour = await page.getByRole('link', { name: 'Back to sign in' }).evaluate((a) => getComputedStyle(a).color);
    expect(backColour).not.toBe('rgb(0, 0, 238)');
    await fill(page, { Username: USER.username, Account: USER.accountCode });
    await submit(page, 'Email me a link');
    await page.getByRole('status').filter({ hasText: Messages.passwordResetRequested }).waitFor();
    // The way back to sign-in keeps where the visitor was going.
    const back = await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href');
    expect(new URL(back!, 'http://x').searchParams.get('continue')).toBe('/v2/home/settings/server-status');

    const link = passwordLinkIn(await waitForMail(USER.email, asked));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(`For the user ${USER.username}.`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await fill(page, { 'New password': 'Password2026!', 'Repeat the new password': 'Password2026!' });
    await submit(page, 'Set password');
    await page.getByText(PasswordText.common).waitFor();
    expect(await fieldError(page, 'New password')).toBe(PasswordText.common);

    await fill(page, { 'New password': NEW_PASSWORD, 'Repeat the new password': NEW_PASSWORD });
    await submit(page, 'Set password');
    await page.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();

    // Used once: the same link now says so and offers a new one.
    const again = await browser.context.newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: Messages.passwordLinkInvalid }).waitFor();
    expect(await again.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(1);
    await again.close();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await submitSignIn(page, USER.username, NEW_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('changes the signed-in user\'s own password from the user menu', async () => {
    const { page } = browser;
    await signIn(page, CHANGER);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await fill(page, { Username: CHANGER, 'Current password': 'not-my-password', 'New password': NEW_PASSWORD, 'Repeat the new password': NEW_PASSWORD });
    await submit(page, 'Change password');
    await dialog.getByText(Messages.currentPasswordWrong).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await fill(page, { 'Current password': inject('demoPassword') });
    await submit(page, 'Change password');
    await waitForToast(page, 'Password changed.');
    await dialog.waitFor({ state: 'hidden' });
    expect(await sessionStatus(page)).toBe(200);
  });

  it('says when a link on /forgot/verify does not work', async () => {
    const { page } = browser;
    await page.goto('/forgot/verify?token=not-a-real-token-at-all-0000');
    await page.getByRole('alert').filter({ hasText: Messages.passwordLinkInvalid }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
