import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { SERVICE_TYPE_DESCRIPTIONS } from '@keydeck/contract/services';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, submit } from '../harness/form';
import { sectionLink } from '../harness/section-nav';
import { openNewService } from '../harness/services';
import { Demo, signIn } from '../harness/sign-in';
import { settled } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser({ viewport: { width: 1440, height: 900 } });
const run = randomBytes(3).toString('hex').toUpperCase();
const serial = (n: number) => `B${run}-${String(n).padStart(2, '0')}`;
const TABLE = 'Remote devices';

describe('batch reports, empty states and device groups (issue 27)', () => {
  it('says what an empty service lacks, reports a 40-device batch by outcome, and renames a group that opens to its devices', async () => {
    const { page } = browser;
    await openNewService(page, `Batches ${run}`);

    // An empty service: one message, saying what is missing and how to add it.
    await page.goto('/home/service/devices');
    await sectionLink(page, 'Remote Devices', { current: true }).waitFor();
    const empty = page.getByTestId('table-empty');
    await expect.poll(() => empty.textContent()).toBe('This service has no devices yet. Add one with Add device, or import many with Import CSV.');
    expect(await page.getByText('No results').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/devices-empty-1440.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    // 40 devices, 2 of them archived already: archiving all 40 says which were already archived.
    await apiCall(page, api.devices.createDeviceGroups, { body: { groups: [{ group_name: 'North' }] } });
    const devices = Array.from({ length: 40 }, (_, i) => ({ serial: serial(i + 1), group: 'North', device_model: null }));
    await apiCall(page, api.devices.createDevices, { body: { devices, dry_run: false } });
    await apiCall(page, api.devices.updateDevices, { body: { devices: [serial(7), serial(33)], change: 'archive' } });
    await page.goto('/home/service/devices?group=North');
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('40 devices');
    await page.getByRole('checkbox', { name: `Select device ${serial(1)}` }).check();
    await page.getByRole('button', { name: 'Select all 40 matching' }).click();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Archive', exact: true }).click();
    await (await waitForDialog(page)).getByRole('button', { name: 'Yes' }).click();
    const report = page.getByRole('dialog', { name: 'Archive: result' });
    await report.getByText('38 succeeded, 2 unchanged, 0 failed').waitFor();
    const results = report.getByRole('list', { name: 'Results' }).getByRole('listitem');
    expect(await results.first().textContent()).toBe(`Device ${serial(7)} is already archived: nothing changed`);
    await report.getByText('Unchanged (2)').click();
    await expect.poll(() => results.count()).toBe(2);
    await page.screenshot({ path: '/tmp/shots/batch-report-1440.png' });
    expect(await accessibilityViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download report (CSV)' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(41);
    expect(lines[1]).toBe(`${serial(7)},unchanged,Device ${serial(7)} is already archived: nothing changed`);
    await report.getByRole('button', { name: 'Close' }).first().click();

    // Device groups: searched by name, renamed, and opened to their devices.
    await sectionLink(page, 'Device Groups').click();
    await page.getByRole('searchbox', { name: 'Search groups by name' }).fill('nor');
    await page.getByRole('button', { name: 'Rename North' }).click();
    await waitForDialog(page);
    await field(page, 'Name').fill('North East');
    await submit(page, 'Rename');
    await waitForToast(page, 'Device group North renamed to North East.');
    await page.getByRole('searchbox', { name: 'Search groups by name' }).fill('east');
    await page.getByRole('link', { name: 'North East' }).click();
    await page.waitForURL((url) => url.pathname === '/home/service/devices' && url.searchParams.get('group') === 'North East');
    await settled(page, TABLE);
    await expect.poll(() => page.getByTestId('devices-total').textContent()).toBe('40 devices');
  });

  it('describes each service type on the request screen, at 768 px and in dark mode', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/key-management-services');
    const card = page.getByRole('region', { name: 'Available services' }).getByRole('article').first();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(Object.values(SERVICE_TYPE_DESCRIPTIONS).some((description) => text.includes(description))).toBe(true);
    await page.screenshot({ path: '/tmp/shots/catalogue-768-dark.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
