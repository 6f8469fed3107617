import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, submit } from '../harness/form';
import { openNewService } from '../harness/services';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const serial = (n: number) => `T${run}-${String(n).padStart(4, '0')}`;
const TABLE = 'Remote devices';

/** A file of 1,000 devices as an operator would prepare it: 600 in North, 400 in South, every other one a PAX A920. */
function devicesCsv(): string {
  const lines = ['serial,group,device_model'];
  for (let n = 1; n <= 1000; n += 1) lines.push(`${serial(n)},${n <= 600 ? 'North' : 'South'},${n % 2 ? 'PAX A920' : ''}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** Runs a batch action on what is selected and answers the report dialog's lines. */
async function batch(page: Page, action: string, confirmFirst = false): Promise<string> {
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: action, exact: true }).click();
  if (confirmFirst) {
    const confirm = await waitForDialog(page);
    await confirm.getByRole('button', { name: 'Yes' }).click();
  }
  const report = page.getByRole('dialog', { name: `${action}: result` });
  await report.waitFor();
  const text = (await report.getByRole('list', { name: 'Results' }).textContent()) ?? '';
  await report.getByRole('button', { name: 'Close' }).first().click();
  await report.waitFor({ state: 'detached' });
  return text;
}

async function pick(page: Page, ...serials: string[]) {
  for (const s of serials) await page.getByRole('checkbox', { name: `Select device ${s}` }).check();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search devices by serial' }).fill(text);
  await expect.poll(() => page.url()).toContain(`search=${encodeURIComponent(text)}`);
  await settled(page, TABLE);
}

describe('remote devices', () => {
  it('imports 1,000 devices from CSV, filters, archives, locks, moves and deletes them in batches, renames a model and exports CSV', async () => {
    const { page } = browser;
    const serviceId = await openNewService(page, `Terminals ${run}`, 'rkms');
    await apiCall(page, api.devices.createDeviceGroups, { body: { groups: [{ group_name: 'North' }, { group_name: 'South' }] } });
    await apiCall(page, api.devices.createDeviceModel, { params: { service_id: serviceId }, body: { device_model: 'PAX A920' } });

    await page.goto('/home/service/devices');
    await sectionLink(page, 'Remote Devices', { current: true }).waitFor();
    await settled(page, TABLE);

    // CSV import: a preview that names a bad row, then a clean file imported at once.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importer = await waitForDialog(page);
    const bad = `serial,group,device_model\r\n${serial(1)},North,\r\n${serial(1)},Atlantis,\r\n`;
    await importer.locator('input[type="file"]').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await importer.getByText('1 good row, 1 with problems').waitFor();
    expect(await importer.getByTestId('import-preview').textContent()).toContain('No device group named Atlantis in this service.');
    expect(await importer.getByRole('button', { name: /^Import / }).count()).toBe(0);
    await importer.locator('input[type="file"]').setInputFiles({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from(devicesCsv()) });
    await importer.getByText('1,000 good rows, 0 with problems').waitFor();
    await importer.getByRole('button', { name: 'Import 1,000 devices' }).click();
    await importer.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('1,000 devices');
    expect(await rows(page, TABLE).first().textContent()).toContain(serial(1));

    // Filters live in the URL: the South group holds 400.
    await page.goto(`/home/service/devices?group=South`);
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('400 devices');
    await page.goto('/home/service/devices');
    await settled(page, TABLE);

    // Archive and lock a selection: each device answered in the spec's words.
    await search(page, `${run}-000`);
    await pick(page, serial(1), serial(2));
    const archived = await batch(page, 'Archive');
    expect(archived).toContain(`Successfully archived device ${serial(1)} with group North`);
    expect(archived).toContain(`Successfully archived device ${serial(2)} with group North`);
    await pick(page, serial(3));
    expect(await batch(page, 'Lock')).toContain(`Locked device ${serial(3)}`);
    await expect.poll(() => rows(page, TABLE).nth(2).textContent()).toContain('Locked');

    // Every device matching a filter, without picking them: South moves to North.
    await page.goto('/home/service/devices?group=South');
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('400 devices');
    await pick(page, serial(601));
    await page.getByRole('button', { name: 'Select all 400 matching' }).click();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Move to group', exact: true }).click();
    const mover = await waitForDialog(page);
    await mover.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'North', exact: true }).click();
    await mover.getByRole('button', { name: /^Move/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const report = page.getByRole('dialog', { name: 'Move to group: result' });
    await report.waitFor();
    expect(await report.textContent()).toContain(`Moved ${serial(1000)} to group North`);
    await report.getByRole('button', { name: 'Close' }).first().click();
    // An empty filtered list says so once (issue 27: no "0 devices" and "No results" beside it).
    await expect.poll(() => page.getByTestId('table-empty').textContent()).toBe('No devices match.');

    // Delete asks first.
    await page.goto('/home/service/devices');
    await search(page, serial(10));
    await pick(page, serial(10));
    expect(await batch(page, 'Delete', true)).toContain(`Deleted: ${serial(10)}`);

    // A renamed model is what every one of its devices shows.
    await sectionLink(page, 'Device Models').click();
    await page.getByRole('button', { name: 'Rename PAX A920' }).click();
    await waitForDialog(page);
    await field(page, 'Name').fill('PAX A920 Pro');
    await submit(page, 'Rename');
    await waitForToast(page, 'Device model PAX A920 renamed to PAX A920 Pro.');
    await sectionLink(page, 'Remote Devices').click();
    await settled(page, TABLE);
    await expect.poll(() => rows(page, TABLE).first().textContent()).toContain('PAX A920 Pro');
    await page.screenshot({ path: '/tmp/shots/devices.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    // Export: every device of the filter, as CSV.
    await page.goto('/home/service/devices?group=North');
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('999 devices');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('serial,group,device_model,archived,failed,last_load,created_at');
    expect(lines).toHaveLength(1000);
    expect(lines[1]).toMatch(new RegExp(`^${serial(1)},North,PAX A920 Pro,true,false,,`));
  });
});
