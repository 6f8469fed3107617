import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { openNewService } from '../harness/services';
import { dismissToasts, waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');
const SHOTS = '/tmp/kd';

/** A screenshot of the page, toasts closed first unless they are what it shows. */
async function shot(page: Page, name: string, keepToasts = false) {
  if (!keepToasts) await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/addresses-${name}.png`, fullPage: true });
}

describe('a service’s allowed IP addresses', () => {
  it('adds an address, asks before a list that shuts the operator out, and saves one that keeps them in', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    await openNewService(page, `Addresses ${run}`, 'rkms');

    // The service offers keys (an rkms service): the workspace shows their tabs.
    await page.goto('/home/service');
    await sectionLink(page, 'Symmetric Keys').waitFor();
    expect(await sectionLink(page, 'Key Assignments').count()).toBe(1);

    await page.goto('/home/service/admin');
    await page.getByRole('tab', { name: 'Allowed addresses' }).click();
    await page.getByTestId('no-addresses').waitFor();
    const currentIp = (await page.getByTestId('current-ip').textContent())!;
    await shot(page, '01-empty');

    // An office range alone would shut the operator out: the screen warns, and saving asks first.
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByLabel('Address or range 1').fill('203.0.113.0/24');
    await page.getByLabel('Label 1').fill('Head office');
    await page.getByTestId('shut-out-warning').waitFor();
    await shot(page, '02-warning');
    await page.getByRole('button', { name: 'Save' }).click();
    const question = await waitForDialog(page);
    expect(await question.textContent()).toContain(`This list leaves your current address ${currentIp} outside the service's allowed IP addresses`);
    await shot(page, '03-confirm');
    await question.getByRole('button', { name: 'No' }).click();
    await question.waitFor({ state: 'detached' });
    expect((await apiCall(page, api.serviceAddresses.listServiceAllowedAddresses, {})).allowed_addresses).toEqual([]);

    // With the operator's own address added, it saves without asking.
    await page.getByRole('button', { name: 'Add my address' }).click();
    await page.getByLabel('Label 2').fill('My desk');
    expect(await page.getByTestId('shut-out-warning').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'Saved 2 allowed addresses.');
    await shot(page, '04-saved', true);
    const saved = await apiCall(page, api.serviceAddresses.listServiceAllowedAddresses, {});
    expect(saved.allowed_addresses.map((a) => [a.ip_address, a.label])).toContainEqual(['203.0.113.0/24', 'Head office']);
    expect(saved.allowed_addresses).toHaveLength(2);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A range with host bits set is named before anything is sent.
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByLabel('Address or range 3').fill('198.51.100.7/24');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('198.51.100.7/24 has host bits set: the range it names is 198.51.100.0/24.').waitFor();
    await shot(page, '05-host-bits');

    // Back to every address allowed, for whoever uses the demo service next.
    await apiCall(page, api.serviceAddresses.replaceServiceAllowedAddresses, { body: { allowed_addresses: [] } });
  });
});
