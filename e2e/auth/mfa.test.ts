import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { Demo, signIn, submitSignIn } from '../harness/sign-in';
import { settled } from '../harness/table';

const browser = useBrowser();
const SERVER_STATUS = '/v2/home/settings/server-status';
const SHOTS = process.env.SCREENSHOT_DIR;
const STEP_MS = 30_000;

/** A code from Debian's oathtool, for the step `offset` away from now; never from the project's own TOTP code. */
function oathtool(secret: string, offset = 0): string {
  const at = new Date(Date.now() + offset * STEP_MS).toISOString().replace('T', ' ').slice(0, 19);
  return execFileSync('/usr/bin/oathtool', ['--totp', '-b', '--now', `${at} UTC`, secret], { encoding: 'utf8' }).trim();
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let secret = '';

describe('multi-factor authentication', () => {
  it('forces a user of an MFA company to set up an authenticator app, then continues where they were going', async () => {
    const { page } = browser;
    await signIn(page, Demo.enforced.username, `/login?continue=${encodeURIComponent(SERVER_STATUS)}`);
    await page.waitForURL((url) => url.pathname === '/login/mfa/setup');
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'mfa-setup');

    const code = page.getByLabel('Code from the app');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await code.fill('000000' === oathtool(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('This code is not valid', { exact: false }).first().waitFor();

    await code.fill(oathtool(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await shot(page, 'mfa-setup-recovery-codes');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === SERVER_STATUS);
  });

  it('asks for the authenticator code after the password, on /login/totp/complete', async () => {
    const { page } = browser;
    await page.goto('/login');
    await submitSignIn(page, Demo.enforced.username);
    await page.waitForURL((url) => url.pathname === '/login/totp/complete');
    const code = page.getByLabel('Authentication code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // Nothing else opens while the code is owed.
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/login/totp/complete');

    await page.getByLabel('Authentication code').fill('123456' === oathtool(secret) ? '654321' : '123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'This code is not valid' }).waitFor();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').waitFor();
    await page.getByRole('button', { name: 'Use the authenticator app instead' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'totp-complete');

    // The enrolment spent the current step: the next one's code (within the ±1 window) signs in.
    await page.getByLabel('Authentication code').fill(oathtool(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('turns the factor on and off in the user settings, and an administrator resets another user', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto('/v2/home/settings/admin-credentials');
    await page.getByRole('heading', { name: 'Sign-in & MFA' }).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'mfa-settings-off');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await shot(page, 'mfa-settings-enrol');
    const adminSecret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    await page.getByLabel('Code from the app').fill(oathtool(adminSecret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('totp-status').filter({ hasText: 'On' }).waitFor();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, 'mfa-settings-on');

    // Turning it off asks for the password again.
    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = await waitForDialog(page);
    await off.getByLabel('Your password').fill('not-the-password');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await off.getByText('The password is not correct.').waitFor();
    await shot(page, 'mfa-settings-turn-off');
    await off.getByLabel('Your password').fill(inject('demoPassword'));
    await off.getByRole('button', { name: 'Turn off' }).click();
    await page.getByTestId('totp-status').filter({ hasText: 'Off' }).waitFor();

    // Reset demo.enforced (the rest of the suite expects them without a factor).
    await page.goto(`/v2/home/settings/users?search=${Demo.enforced.username}`);
    await settled(page, 'Users');
    await page.getByRole('checkbox', { name: `Select ${Demo.enforced.username}`, exact: true }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Reset MFA' }).click();
    const question = await waitForDialog(page);
    expect(await question.textContent()).toContain(`Reset multi-factor authentication for the user ${Demo.enforced.name}`);
    await question.getByRole('button', { name: 'Yes' }).click();
    expect(await page.getByTestId('batch-report').textContent()).toContain(`Reset MFA of ${Demo.enforced.username}`);
  });
});
