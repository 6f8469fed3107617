import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { opensslCa, opensslIssued } from '../../packages/server/test/openssl';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, fieldError, submit } from '../harness/form';
import { rows, settled } from '../harness/table';
import { openNewService } from '../harness/services';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');



async function upload(page: Page, name: string, file: { name: string; pem: string }) {
  await page.getByRole('button', { name: 'Upload external CA' }).click();
  const dialog = await waitForDialog(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: 'application/x-pem-file', buffer: Buffer.from(file.pem) });
  await field(page, 'Name').fill(name);
  await submit(page, 'Upload');
  return dialog;
}

describe('external CAs', () => {
  it('uploads a CA made by openssl, shows and downloads it, archives and unarchives it, and refuses a leaf', async () => {
    const { page } = browser;
    await openNewService(page, `Cryptoverse ${run}`, 'cryptoverse');

    await page.goto('/home/service/external-cas');
    await page.getByRole('heading', { name: 'External CAs' }).waitFor();
    await settled(page, 'External CAs');

    const root = opensslCa(`Partner Root ${run}`);
    const caName = `Partner Root ${run}`;
    const uploadDialog = await upload(page, caName, { name: 'partner-root.pem', pem: root.pem });
    await waitForToast(page, `External CA ${caName} uploaded successfully.`);
    await uploadDialog.waitFor({ state: 'detached' });
    await settled(page, 'External CAs');
    await expect.poll(() => rows(page, 'External CAs').first().textContent()).toContain(caName);
    expect(await rows(page, 'External CAs').first().textContent()).toContain('Root CA');

    // Details: what the certificate says, with openssl's own fingerprint.
    await page.getByRole('button', { name: caName, exact: true }).click();
    const details = await waitForDialog(page);
    await expect.poll(() => details.getByTestId('sha256-fingerprint').textContent()).toBe(root.sha256Fingerprint);
    expect(await details.textContent()).toContain(`O=Keydeck Tests, CN=Partner Root ${run}`);

    // Download: the PEM file openssl wrote, named after the CA.
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download certificate' }).click()]);
    expect(download.suggestedFilename()).toBe(`Partner_Root_${run}.pem`);
    expect(await readFile((await download.path())!, 'utf8')).toBe(root.pem);
    await waitForToast(page, `Downloaded the external CA ${caName} successfully.`);

    await details.getByRole('button', { name: 'Archive', exact: true }).click();
    await waitForToast(page, 'Archived successfully.');
    await details.getByText('Archived', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Unarchive', exact: true }).click();
    await waitForToast(page, 'Moved from archive successfully.');
    await details.getByText('Active', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // The unarchived filter hides what is archived.
    await page.getByRole('button', { name: `Archive ${caName}` }).click();
    await waitForToast(page, 'Archived successfully.');
    const unarchivedOnly = page.getByRole('switch', { name: 'Unarchived only' });
    await unarchivedOnly.click();
    await expect.poll(() => unarchivedOnly.isChecked()).toBe(true);
    await page.getByTestId('table-empty').waitFor();
    await unarchivedOnly.click();
    await expect.poll(() => unarchivedOnly.isChecked()).toBe(false);
    await expect.poll(() => rows(page, 'External CAs').first().textContent()).toContain('Archived');

    // A leaf certificate signed by that CA is no CA: refused with the spec's words.
    const leaf = opensslIssued(root, `www.partner-${run}.example`);
    const leafName = `Partner Leaf ${run}`;
    const leafDialog = await upload(page, leafName, { name: 'leaf.pem', pem: leaf.pem });
    // Said once, inside the dialog: no toast over its header.
    await leafDialog.getByRole('alert').filter({ hasText: `Failed to create external CA: ${leafName} Error: Invalid certificate.` }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Failed to create external CA' }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A name over 30 characters is refused on its field, not cut short.
    const long = 'A'.repeat(31);
    await field(page, 'Name').fill(long);
    expect(await field(page, 'Name').inputValue()).toBe(long);
    await submit(page, 'Upload');
    expect(await fieldError(page, 'Name')).toBe('At most 30 characters');
  });
});
