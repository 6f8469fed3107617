import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { createDemoService, waitUntilEnabled } from '../harness/services';
import { Demo, signIn } from '../harness/sign-in';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd';

/** A TDES double-length key's KCV as openssl computes it: 8 zero bytes encrypted under K1 K2 K1, first 3 bytes. */
function kcvByOpenssl(hex: string): string {
  const out = execFileSync('/usr/bin/openssl', ['enc', '-des-ede3', '-K', `${hex}${hex.slice(0, 16)}`, '-nopad'], { input: Buffer.alloc(8) });
  return out.subarray(0, 3).toString('hex').toUpperCase();
}
const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase();

/** The same key material imported into a service (made current, with a session) from two components. */
async function importKey(page: Page, serviceId: string, name: string, key: Buffer) {
  await apiCall(page, api.services.selectCurrentService, { body: { service_id: serviceId } });
  await apiCall(page, api.serviceSessions.serviceLogin, { params: { service_id: serviceId } });
  await apiCall(page, api.paymentKeys.createKeyGroups, { body: { groups: [{ name: 'Terminal keys' }] } });
  // One-screen component entry is not split knowledge: the service's policy must allow it (off by default).
  await apiCall(page, api.keyCeremonies.setKeyCustodians, { body: { user_ids: [], policy: { opener_may_be_custodian: false, single_operator_entry: true } } });
  const first = randomBytes(16);
  const second = Buffer.from(key.map((byte, i) => byte ^ first[i]!));
  const components = [first, second].map((part) => ({ value: hex(part), kcv: kcvByOpenssl(hex(part)) }));
  const { results } = await apiCall(page, api.paymentKeys.createSymmetricKeys, {
    body: { symmetric_keys: [{ source: 'components', name, group: 'Terminal keys', algorithm: 'TDES_2KEY', usage: 'K0', mode_of_use: 'B', exportability: 'E', components }] },
  });
  expect(results[0]!.success, results[0]!.message).toBe(true);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and go to' });
const input = (page: Page) => palette(page).getByRole('combobox');
/** Ctrl-K: the palette opens with its input already focused, so what is typed next is never lost. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await input(page).waitFor();
  expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('command palette', () => {
  it('jumps to a screen and finds a key by KCV in two services, keyboard only, and opens it in its service', async () => {
    const { page } = browser;
    mkdirSync(SHOTS, { recursive: true });
    const east = await createDemoService(page, `Palette East ${run}`, 'rkms');
    const west = await createDemoService(page, `Palette West ${run}`, 'rkms');
    await signIn(page, Demo.admin.username);
    await waitUntilEnabled(page, east);
    await waitUntilEnabled(page, west);
    const material = randomBytes(16);
    const kcv = kcvByOpenssl(hex(material));
    await importKey(page, east, `East key ${run}`, material);
    await importKey(page, west, `West key ${run}`, material);
    // Another key of the same service, which the landed list must leave out.
    const other = await apiCall(page, api.paymentKeys.createSymmetricKeys, {
      body: { symmetric_keys: [{ source: 'generate', name: `West spare ${run}`, group: 'Terminal keys', algorithm: 'TDES_2KEY', usage: 'K0', mode_of_use: 'B', exportability: 'E' }] },
    });
    expect(other.results[0]!.success, other.results[0]!.message).toBe(true);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();

    // Jump to a screen: Ctrl-K, its name, Enter.
    await openPalette(page);
    await page.keyboard.type('Audit logs');
    await palette(page).getByRole('option', { name: /Audit logs/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/v2/home/audit-logs');
    expect(await palette(page).count()).toBe(0);

    // Escape closes and gives focus back.
    await openPalette(page);
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });

    // The KCV: the key in both services, each with its service.
    await openPalette(page);
    await page.keyboard.type(kcv.toLowerCase());
    const eastOption = palette(page).getByRole('option', { name: new RegExp(`East key ${run}.*KCV ${kcv}.*Palette East ${run}`) });
    const westOption = palette(page).getByRole('option', { name: new RegExp(`West key ${run}.*KCV ${kcv}.*Palette West ${run}`) });
    await eastOption.waitFor();
    await westOption.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/palette-kcv.png` });

    // Down to the West key (the options' order: keys sorted by name), Enter: in that service, on its keys searched for it.
    const options = palette(page).getByRole('option');
    const names = await options.allTextContents();
    const target = names.findIndex((name) => name.includes(`West key ${run}`));
    const selected = async () => (await options.evaluateAll((els) => els.findIndex((el) => el.getAttribute('aria-selected') === 'true')));
    for (let step = 0; step < names.length && (await selected()) !== target; step += 1) await page.keyboard.press('ArrowDown');
    expect(await selected()).toBe(target);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/home/service/symmetric-keys' && url.searchParams.get('search') === `West key ${run}`);
    // In the keys' table: the audit log left behind also names the key, and may still show while the section loads.
    const table = page.getByRole('table', { name: 'Symmetric keys' });
    await table.getByRole('cell', { name: `Details of West key ${run}` }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search keys by name' }).inputValue()).toBe(`West key ${run}`);
    await table.getByRole('cell', { name: `West spare ${run}` }).waitFor({ state: 'detached' });
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await page.getByText(`Palette West ${run}`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/palette-landed.png`, fullPage: true });
    // Only the West key: another service's rows never stand in while this service's list loads.
    expect(await page.getByRole('cell', { name: `East key ${run}` }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
