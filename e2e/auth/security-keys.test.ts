import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { Messages } from '@keydeck/contract/messages';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { signIn, submitSignIn } from '../harness/sign-in';
import { waitForToast } from '../harness/toast';
import { newDemoUser } from '../harness/users';

const browser = useBrowser();
const SETTINGS = '/v2/home/settings/admin-credentials';
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Chromium's virtual authenticator (CDP WebAuthn domain): a USB CTAP2 key that is touched at once. */
async function addVirtualKey(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('security keys', () => {
  it('registers a key in settings, then signs in with password and key; a failing key shows the u2f toast', async () => {
    const { page } = browser;
    const username = await newDemoUser(page);
    const { cdp, authenticatorId } = await addVirtualKey(page);
    // WebAuthn needs a domain for its RP ID, not an IP address: the console is reached as localhost here.
    const console = browser.baseUrl.replace('127.0.0.1', 'localhost');

    await signIn(page, username, `${console}/login`);
    await page.goto(`${console}${SETTINGS}`);
    const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Security keys' }) });
    await card.getByRole('button', { name: 'Add security key' }).click();
    await card.getByLabel('Key name').fill('Virtual USB key');
    await card.getByRole('button', { name: 'Add security key' }).click();
    await waitForToast(page, 'Security key added.');
    await card.getByRole('table', { name: 'Security keys' }).getByRole('cell', { name: 'Virtual USB key', exact: true }).waitFor();
    expect(await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    expect(await card.getByTestId('security-keys-status').textContent()).toBe('1 key');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'security-keys-settings');

    await card.getByRole('button', { name: 'Rename Virtual USB key' }).click();
    const rename = await waitForDialog(page);
    await rename.getByRole('textbox', { name: 'Name' }).fill('Desk key');
    await rename.getByRole('button', { name: 'Rename', exact: true }).click();
    await waitForToast(page, 'Security key renamed to Desk key.');
    await card.getByRole('table', { name: 'Security keys' }).getByRole('cell', { name: 'Desk key', exact: true }).waitFor();

    await signOut(page);
    await submitSignIn(page, username);
    await page.waitForURL((url) => url.pathname === '/home');
    const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(used!.signCount).toBeGreaterThan(0);

    // The key loses its credential: the browser finds no registered key and the step says why.
    await signOut(page);
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await submitSignIn(page, username);
    await page.waitForURL((url) => url.pathname === '/login/u2f/complete');
    const toast = await waitForToast(page, Messages.u2fLoginFailed(''));
    expect(await toast.first().textContent()).toMatch(/^Failed to complete u2f login: \S/);
    await page.getByRole('button', { name: 'Use security key' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'security-key-step');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').waitFor();
  });

  it('offers a security key on the forced set-up page, then continues', async () => {
    const { page } = browser;
    const username = await newDemoUser(page, { mfaEnforced: true });
    await addVirtualKey(page);
    const console = browser.baseUrl.replace('127.0.0.1', 'localhost');

    await signIn(page, username, `${console}/login`);
    await page.waitForURL((url) => url.pathname === '/login/mfa/setup');
    await page.getByRole('button', { name: 'Use a security key instead' }).click();
    await page.getByLabel('Key name').fill('Laptop key');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'mfa-setup-security-key');
    await page.getByRole('button', { name: 'Add security key' }).click();
    await page.getByText('Your security key is set up.', { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
  });
});
