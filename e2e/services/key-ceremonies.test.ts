import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { KeyCeremonyMessages } from '@keydeck/contract/key-ceremonies';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { openNewService } from '../harness/services';
import { Demo, signIn } from '../harness/sign-in';
import { waitForToast } from '../harness/toast';
import { newDemoUser } from '../harness/users';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd-ceremony';
const PAGE = '/home/service/key-ceremonies';

/** The ANSI X9.24-1 test BDK (KCV 08D7B4) as three custodians' components: two random, the third the XOR rest. */
const TEST_BDK = Buffer.from('0123456789ABCDEFFEDCBA9876543210', 'hex');
const [FIRST, SECOND] = [randomBytes(16), randomBytes(16)];
const THIRD = Buffer.from(TEST_BDK.map((byte, i) => byte ^ FIRST[i]! ^ SECOND[i]!));
const COMPONENTS = [FIRST, SECOND, THIRD].map((part) => part.toString('hex').toUpperCase());

/** KCVs by Debian's openssl, an implementation Keydeck did not write (TDES double length: K1 K2 K1). */
function kcvByOpenssl(hex: string): string {
  const out = execFileSync('/usr/bin/openssl', ['enc', '-des-ede3', '-K', `${hex}${hex.slice(0, 16)}`, '-nopad'], { input: Buffer.alloc(8) });
  return out.subarray(0, 3).toString('hex').toUpperCase();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A custodian's own session: signed in, logged in to the service as the console does it, on the ceremonies page. */
async function custodianSession(page: Page, username: string, serviceId: string): Promise<void> {
  await signIn(page, username);
  await page.goto(`/home/services/${serviceId}?action=login`);
  const login = await waitForDialog(page);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
  await page.goto(PAGE);
  await page.getByRole('heading', { name: 'Key Ceremonies' }).waitFor();
}

/** Types the component, checks the server's KCV against the paperwork's, confirms; the page keeps nothing of it. */
async function enterComponent(page: Page, ceremony: string, component: string, position: number, screenshot?: string): Promise<void> {
  await page.getByRole('button', { name: `Open ${ceremony}` }).click();
  const dialog = await waitForDialog(page);
  await dialog.getByLabel('Your component', { exact: true }).fill(component);
  await dialog.getByRole('button', { name: 'Check KCV' }).click();
  await expect.poll(() => dialog.getByTestId('component-kcv').textContent(), { timeout: 10_000 }).toContain(kcvByOpenssl(component));
  if (screenshot) await shot(page, screenshot);
  expect(await accessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm component' }).click();
  await waitForToast(page, `Entered component ${position} of 3`);
  const values = await page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value.toUpperCase()));
  expect(values.some((value) => value.includes(component))).toBe(false);
}

describe('key ceremonies', () => {
  it('three custodians in three browser sessions assemble the X9.24 test BDK to its KCV; none may enter twice', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    // Two more people of the company, each with a session of their own (read-only in the console).
    const viewer = Demo.viewer.username;
    const third = await newDemoUser(page, { roles: ['Read-only'], prefix: 'e2e.custodian' });
    const serviceId = await openNewService(page, `Ceremony ${run}`, 'rkms');
    await apiCall(page, api.serviceUsers.createServiceUserGroups, { body: { action: 'create', groups: [{ group_name: 'Custodians', permissions: { Key: 'View' } }] } });
    await apiCall(page, api.serviceUsers.addServiceUsers, { body: { users: [viewer, third].map((username) => ({ username, group_name: 'Custodians' })) } });
    await apiCall(page, api.paymentKeys.createKeyGroups, { body: { groups: [{ name: 'Acquirer' }] } });

    // The administrator designates the custodians (and lets the opener be one of them) on the page.
    await page.goto(PAGE);
    await page.getByRole('heading', { name: 'Key Ceremonies' }).waitFor();
    await page.getByText('No key custodians yet').waitFor();
    await page.getByRole('button', { name: 'Designate custodians' }).click();
    const designate = await waitForDialog(page);
    for (const username of [Demo.admin.username, viewer, third]) await designate.getByRole('checkbox', { name: username, exact: true }).check();
    await designate.getByRole('switch', { name: 'The opener may be a custodian' }).click();
    await shot(page, '01-custodians');
    await designate.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Saved key custodians');
    await designate.waitFor({ state: 'detached' });

    // The ceremony: what the key will be, three components by any designated custodians.
    await page.getByRole('button', { name: 'Open ceremony' }).click();
    await waitForDialog(page);
    await shot(page, '02-open-ceremony');
    await page.keyboard.press('Escape');
    const name = `Lane BDK ${run}`;
    await apiCall(page, api.keyCeremonies.openKeyCeremony, {
      body: { name, group: 'Acquirer', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N', version: '00', components: 3, custodians: [], expires_in_hours: 24 },
    });
    await page.reload();
    await page.getByRole('button', { name: `Open ${name}` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, '03-ceremonies');

    // Custodian 1 is the administrator, in this session.
    await enterComponent(page, name, COMPONENTS[0]!, 1, '04-component');
    // Entering a second component is refused by the server, and the screen says why instead of offering the field.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const again = await waitForDialog(page);
    await again.getByText(KeyCeremonyMessages.alreadyEntered).waitFor();
    expect(await again.getByLabel('Your component', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Custodians 2 and 3, each in a browser context of their own.
    const sessions = [];
    for (const [i, username] of [viewer, third].entries()) {
      const context = await page.context().browser()!.newContext({ baseURL: browser.baseUrl, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      sessions.push(context);
      const own = await context.newPage();
      await custodianSession(own, username, serviceId);
      await enterComponent(own, name, COMPONENTS[i + 1]!, i + 2);
      if (i === 1) {
        // The last custodian sees the key made at once.
        await own.getByTestId('ceremony-kcv').waitFor();
        expect(await own.getByTestId('ceremony-kcv').textContent()).toContain('08D7B4');
        await shot(own, '05-completed');
      }
    }
    for (const context of sessions) await context.close();

    // The opener sees the key made, with the KCV the standard publishes; the key is in the keys list.
    await page.reload();
    await page.getByRole('button', { name: `Open ${name}` }).click();
    const result = await waitForDialog(page);
    expect(await result.getByTestId('ceremony-kcv').textContent()).toContain('08D7B4');
    expect(await result.getByRole('table', { name: 'Components' }).textContent()).toContain(third);
    const keys = await apiCall(page, api.paymentKeys.listSymmetricKeys, { query: { search: name } });
    expect(keys.data.map((k) => [k.name, k.kcv, k.origin])).toEqual([[name, '08D7B4', 'components']]);
  });
});
