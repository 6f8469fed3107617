import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, submit } from '../harness/form';
import { openNewService } from '../harness/services';
import { rows, settled } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd';
const KEYS = 'Symmetric keys';
const ASSIGNMENTS = 'Key assignments';

// The ANSI X9.24 test key, split into three components the way a key ceremony's paperwork would carry them.
const TEST_KEY = '0123456789ABCDEFFEDCBA9876543210';
function xor(...hex: string[]): string {
  const out = Buffer.alloc(hex[0]!.length / 2);
  for (const value of hex) Buffer.from(value, 'hex').forEach((byte, i) => (out[i]! ^= byte));
  return out.toString('hex').toUpperCase();
}
const COMPONENT_1 = '1111111111111111AAAAAAAAAAAAAAAA';
const COMPONENT_2 = '2323232323232323C5C5C5C5C5C5C5C5';
const COMPONENT_3 = xor(TEST_KEY, COMPONENT_1, COMPONENT_2);

/** A TDES double-length key's KCV as openssl computes it: 8 zero bytes encrypted under K1 K2 K1, first 3 bytes. */
function kcvByOpenssl(hex: string): string {
  const key = `${hex}${hex.slice(0, 16)}`;
  const out = execFileSync('/usr/bin/openssl', ['enc', '-des-ede3', '-K', key, '-nopad'], { input: Buffer.alloc(8) });
  return out.subarray(0, 3).toString('hex').toUpperCase();
}

/** A screenshot of the viewport (a dialog), or of the whole page; toasts on screen are closed first (a click closes one). */
async function shot(page: Page, name: string, fullPage = false) {
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Picks an option of a Mantine select inside `scope` (a dialog) by the select's label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Generates a key through the Generate key dialog; answers its KCV from the success toast. */
async function generateKey(page: Page, name: string, usage: string, mode: string | null) {
  await page.getByRole('button', { name: 'Generate key' }).click();
  const dialog = await waitForDialog(page);
  await field(page, 'Name').fill(name);
  await choose(page, dialog, 'Key group', 'Acquirer');
  await choose(page, dialog, 'Algorithm', 'TDES double length (112-bit)');
  await choose(page, dialog, 'Key usage', new RegExp(`^${usage} ·`));
  if (mode) await choose(page, dialog, 'Mode of use', new RegExp(`^${mode} ·`));
  await choose(page, dialog, 'Exportability', /^E ·/);
  await dialog.getByRole('button', { name: 'Generate key' }).click();
  const toast = await waitForToast(page, `Created ${name} (KCV `);
  const kcv = /KCV ([0-9A-F]{6})/.exec((await toast.first().textContent()) ?? '')![1]!;
  await dialog.waitFor({ state: 'detached' });
  return kcv;
}

/** One custodian's turn in the ceremony: the masked value, the KCV from the form, the check, the confirmation. */
async function enterComponent(page: Page, dialog: Locator, index: number, value: string, kcv: string) {
  const input = dialog.getByRole('textbox', { name: `Component ${index}`, exact: true });
  await input.fill(value);
  expect(await input.getAttribute('type')).toBe('password');
  await field(page, `KCV of component ${index}`).fill(kcv);
  await dialog.getByRole('button', { name: `Check component ${index}` }).click();
  await dialog.getByText(`KCV ${kcv} matches`).waitFor();
  if (index === 1) await shot(page, '04-ceremony-component-checked');
  await dialog.getByRole('button', { name: `Confirm component ${index}` }).click();
  await input.waitFor({ state: 'detached' });
}

async function closeReport(page: Page, title: string): Promise<string> {
  const report = page.getByRole('dialog', { name: title });
  await report.waitFor();
  const text = (await report.getByRole('list', { name: 'Results' }).textContent()) ?? '';
  await report.getByRole('button', { name: 'Close' }).first().click();
  await report.waitFor({ state: 'detached' });
  return text;
}

async function assign(page: Page, group: string, slot: number, key: string) {
  await page.getByRole('button', { name: 'Assign key' }).click();
  const dialog = await waitForDialog(page);
  await choose(page, dialog, 'Device group', group);
  await field(page, 'Key slot').fill(String(slot));
  await choose(page, dialog, 'Key', new RegExp(`^${key}`));
  await dialog.getByRole('button', { name: 'Assign key' }).click();
  await waitForToast(page, `Assigned ${key} to ${group} slot ${slot}`);
  await dialog.waitFor({ state: 'detached' });
}

describe('payment keys', () => {
  it('generates a BDK and a KEK, imports a key from three components, assigns keys, switches the group to DUKPT and exports TR-31', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    await openNewService(page, `Keys ${run}`, 'rkms');
    const serial = `PK${run}-0001`;
    // One-screen component entry is not split knowledge: only a service whose policy allows it offers it (issue 28).
    await apiCall(page, api.keyCeremonies.setKeyCustodians, { body: { user_ids: [], policy: { opener_may_be_custodian: false, single_operator_entry: true } } });
    await apiCall(page, api.devices.createDeviceGroups, { body: { groups: [{ group_name: 'Lanes' }] } });
    await apiCall(page, api.devices.createDevices, { body: { devices: [{ serial, group: 'Lanes' }] } });

    await page.goto('/home/service/symmetric-keys');
    await sectionLink(page, 'Symmetric Keys', { current: true }).waitFor();
    await settled(page, KEYS);

    // A key group to hold the keys.
    await page.getByRole('button', { name: 'New key group' }).click();
    await waitForDialog(page);
    await field(page, 'Name').fill('Acquirer');
    await submit(page, 'Create group');
    await waitForToast(page, 'Created key group Acquirer');

    // The BDK (B0 takes mode X by itself), the KEK and the KBPK, generated in the keystore.
    const kcvs: Record<string, string> = {};
    await page.getByRole('button', { name: 'Generate key' }).click();
    await waitForDialog(page);
    await shot(page, '01-generate-key');
    await page.keyboard.press('Escape');
    kcvs['BDK 1'] = await generateKey(page, 'BDK 1', 'B0', null);
    kcvs['KEK 1'] = await generateKey(page, 'KEK 1', 'K0', 'B');

    // The ceremony: three custodians, each component checked against the KCV openssl computes for it.
    const components = [COMPONENT_1, COMPONENT_2, COMPONENT_3];
    expect(kcvByOpenssl(TEST_KEY)).toBe('08D7B4');
    await page.getByRole('button', { name: 'Import from components' }).click();
    const ceremony = await waitForDialog(page);
    await ceremony.getByText('Single-operator entry: one person sees every component. This is not split knowledge.').waitFor();
    await field(page, 'Name').fill('ZMK Test');
    await choose(page, ceremony, 'Key group', 'Acquirer');
    await choose(page, ceremony, 'Algorithm', 'TDES double length (112-bit)');
    await choose(page, ceremony, 'Key usage', /^K0 ·/);
    await choose(page, ceremony, 'Mode of use', /^B ·/);
    await choose(page, ceremony, 'Exportability', /^E ·/);
    await ceremony.getByRole('radio', { name: 'Three components' }).check();
    await shot(page, '02-ceremony-attributes');
    await ceremony.getByRole('button', { name: 'Continue to component 1' }).click();
    await ceremony.getByRole('textbox', { name: 'Component 1', exact: true }).waitFor();
    await shot(page, '03-ceremony-component');
    for (const [i, value] of components.entries()) await enterComponent(page, ceremony, i + 1, value, kcvByOpenssl(value));
    expect(await ceremony.getByRole('table', { name: 'Key to create' }).textContent()).toContain(kcvByOpenssl(COMPONENT_3));
    await shot(page, '05-ceremony-review');
    await ceremony.getByRole('button', { name: 'Create key' }).click();
    expect(await ceremony.getByTestId('combined-kcv').textContent()).toBe('08D7B4');
    await shot(page, '06-ceremony-done');
    // No component is left in any field of the page.
    const values = await page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value.toUpperCase()));
    for (const component of components) expect(values.some((value) => value.includes(component))).toBe(false);
    await ceremony.getByRole('button', { name: 'Close', exact: true }).last().click();
    await ceremony.waitFor({ state: 'detached' });
    kcvs['ZMK Test'] = '08D7B4';

    kcvs['KBPK 1'] = await generateKey(page, 'KBPK 1', 'K1', 'B');

    // Every key with its KCV in the table.
    await settled(page, KEYS);
    for (const [name, kcv] of Object.entries(kcvs)) {
      await expect.poll(async () => (await rows(page, KEYS).filter({ hasText: name }).textContent()) ?? '').toContain(kcv);
    }
    await shot(page, '07-symmetric-keys', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // While static, the group says its devices share one key and its BDK waits for DUKPT.
    const acquirer = rows(page, 'Key groups').filter({ hasText: 'Acquirer' });
    expect(await acquirer.textContent()).toContain('Every device loads the same key');
    expect(await acquirer.textContent()).toContain('Not used while the group hands out a static key');

    // The key group turns DUKPT now that it holds an active TDES BDK.
    await page.getByRole('checkbox', { name: 'Select key group Acquirer' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Change key retrieval' }).click();
    const change = await waitForDialog(page);
    await change.getByRole('radio', { name: 'TDES DUKPT' }).check();
    await shot(page, '08-key-retrieval');
    await submit(page, 'Change');
    expect(await closeReport(page, 'Change key retrieval algorithm: result')).toContain('Successfully changed key retrieval algorithm for: Acquirer');
    await expect.poll(async () => (await rows(page, 'Key groups').first().textContent()) ?? '').toContain('TDES DUKPT');

    // Export as TR-31 under the KBPK: the block downloads as "<key name>.tr31.txt" and goes with the dialog.
    await page.getByRole('button', { name: 'Actions for KEK 1', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export as TR-31…' }).click();
    const exporter = await waitForDialog(page);
    await choose(page, exporter, 'Key block protection key (K1)', /^KBPK 1/);
    await submit(page, 'Export');
    const block = (await exporter.getByTestId('key-block').textContent())!;
    expect(block).toMatch(/^[A-D][0-9]{4}/);
    expect(await exporter.getByTestId('export-kcv').textContent()).toBe(kcvs['KEK 1']);
    await shot(page, '09-export');
    const [download] = await Promise.all([page.waitForEvent('download'), exporter.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('KEK 1.tr31.txt');
    expect((await readFile((await download.path())!, 'utf8')).trim()).toBe(block);
    await exporter.getByRole('button', { name: 'Done' }).click();
    await exporter.waitFor({ state: 'detached' });
    expect(await page.getByTestId('key-block').count()).toBe(0);

    // An AES-256 key cannot travel under the TDES KBPK: the picker says so instead of offering it.
    await apiCall(page, api.paymentKeys.createSymmetricKeys, {
      body: { symmetric_keys: [{ source: 'generate', name: 'AES KEK', group: 'Acquirer', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', exportability: 'E', version: '00' }] },
    });
    await page.reload();
    await settled(page, KEYS);
    await page.getByRole('button', { name: 'Actions for AES KEK', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export as TR-31…' }).click();
    const strong = await waitForDialog(page);
    await strong.getByText('No active key block protection key can wrap AES KEK: that takes a K1 key of AES-256 or stronger, with mode of use B, E or N.').waitFor();
    await shot(page, '09a-export-no-kbpk');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await strong.waitFor({ state: 'detached' });

    // The block travels back in: imported under the same KBPK, the key arrives with the KCV it left with.
    await page.getByRole('button', { name: 'Import TR-31 key block' }).click();
    const importer = await waitForDialog(page);
    await field(page, 'Name').fill('KEK 1 received');
    await choose(page, importer, 'Key group', 'Acquirer');
    await field(page, 'Key block').fill(block);
    await choose(page, importer, 'Key block protection key (K1)', /^KBPK 1/);
    await field(page, 'Expected KCV (optional)').fill(kcvs['KEK 1']!);
    await shot(page, '09b-import-key-block');
    await importer.getByRole('button', { name: 'Import key' }).click();
    await waitForToast(page, `Created KEK 1 received (KCV ${kcvs['KEK 1']})`);
    await importer.waitFor({ state: 'detached' });
    await expect.poll(async () => (await rows(page, KEYS).filter({ hasText: 'KEK 1 received' }).textContent()) ?? '').toContain('Imported from a TR-31 key block');

    // The key's details: its attributes and every event with the KCV at the time.
    await page.getByRole('button', { name: 'Details of KEK 1', exact: true }).click();
    const drawer = await waitForDialog(page);
    await expect.poll(async () => (await drawer.getByRole('table', { name: 'History of KEK 1' }).textContent()) ?? '').toContain('exported');
    await shot(page, '10-key-details');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Rotating says what it does before anything changes.
    await page.getByRole('button', { name: 'Actions for KEK 1', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rotate…' }).click();
    const question = page.getByRole('dialog', { name: 'Rotate key' });
    await question.waitFor();
    expect(await question.textContent()).toContain('the key version goes up by one and the KCV changes');
    await shot(page, '11-rotate-confirm');
    await question.getByRole('button', { name: 'No' }).click();

    // Key assignments: the BDK and the KEK in slots of the device group.
    await sectionLink(page, 'Key Assignments').click();
    await sectionLink(page, 'Key Assignments', { current: true }).waitFor();
    await settled(page, ASSIGNMENTS);
    // A slot out of range stays as typed and the field says the range; nothing is assigned.
    await page.getByRole('button', { name: 'Assign key' }).click();
    const outOfRange = await waitForDialog(page);
    await field(page, 'Key slot').fill('100');
    await field(page, 'Key slot').blur();
    await outOfRange.getByRole('button', { name: 'Assign key' }).click();
    await outOfRange.getByText('A key slot is a whole number from 0 to 99').waitFor();
    expect(await field(page, 'Key slot').inputValue()).toBe('100');
    await shot(page, '12a-slot-out-of-range');
    await outOfRange.getByRole('button', { name: 'Cancel' }).click();
    await outOfRange.waitFor({ state: 'detached' });
    await assign(page, 'Lanes', 1, 'BDK 1');
    await assign(page, 'Lanes', 2, 'KEK 1');
    await expect.poll(async () => (await rows(page, ASSIGNMENTS).allTextContents()).join('\n')).toContain(kcvs['KEK 1']);
    expect((await rows(page, ASSIGNMENTS).filter({ hasText: 'BDK 1' }).textContent()) ?? '').toContain(kcvs['BDK 1']);
    expect((await rows(page, ASSIGNMENTS).filter({ hasText: 'BDK 1' }).textContent()) ?? '').toContain('TDES DUKPT');

    // The device's initial DUKPT key for slot 1, under the KBPK, with its KSN.
    await page.getByRole('button', { name: 'Load to device' }).click();
    const loader = await waitForDialog(page);
    await field(page, 'Device serial').fill(serial);
    await field(page, 'Key slot').fill('1');
    await choose(page, loader, 'Key block protection key (K1)', /^KBPK 1/);
    await submit(page, 'Make key block');
    expect(await loader.getByTestId('load-ksn').textContent()).toMatch(/^[0-9A-F]{20}$/);
    expect(await loader.getByTestId('load-kcv').textContent()).toMatch(/^[0-9A-F]{6}$/);
    await shot(page, '12-load-to-device');
    const [loaded] = await Promise.all([page.waitForEvent('download'), loader.getByRole('button', { name: 'Download' }).click()]);
    expect(loaded.suggestedFilename()).toBe(`${serial}-slot-1.tr31.txt`);
    await loader.getByRole('button', { name: 'Done' }).click();
    await loader.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search by device group or key' }).fill('kek');
    await expect.poll(async () => rows(page, ASSIGNMENTS).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search by device group or key' }).fill('');
    await expect.poll(async () => rows(page, ASSIGNMENTS).count()).toBe(2);
    await shot(page, '13-key-assignments', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Removing an assignment answers in the spec's words.
    await page.getByRole('checkbox', { name: 'Select Lanes slot 2' }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove assignments' }).getByRole('button', { name: 'Yes' }).click();
    expect(await closeReport(page, 'Remove assignments: result')).toContain('Successfully removed assignment for: Lanes slot 2');
  });
});
