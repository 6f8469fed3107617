import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { APPROVAL_OPERATIONS } from '@keydeck/contract/approvals';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { submit } from '../harness/form';
import { openNewService } from '../harness/services';
import { signIn } from '../harness/sign-in';
import { settled } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { newDemoUser } from '../harness/users';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd-approvals';
const EXPORT = APPROVAL_OPERATIONS['symmetric_key.export'];

async function shot(page: Page, name: string) {
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks an option of a Mantine select inside `scope` (a dialog) by the select's label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

describe('approvals', () => {
  it('a TR-31 export waits for an approver, who approves it from their inbox; then its requester carries it out once', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    // A second administrator of the company: the approver. The requester can never approve their own request.
    const approver = await newDemoUser(page, { roles: ['Account Administrator'], prefix: 'e2e.approver' });
    await openNewService(page, `Approvals ${run}`, 'rkms');
    await apiCall(page, api.paymentKeys.createKeyGroups, { body: { groups: [{ name: 'Exchange' }] } });
    const generate = (name: string, usage: string, mode: string) => ({ source: 'generate' as const, name, group: 'Exchange', algorithm: 'AES_256' as const, usage: usage as 'K1', mode_of_use: mode as 'B', exportability: 'E' as const, version: '00' });
    const { results } = await apiCall(page, api.paymentKeys.createSymmetricKeys, { body: { symmetric_keys: [generate('Partner KBPK', 'K1', 'B'), generate('Data key', 'D0', 'B')] } });
    const dataKcv = results.find((r) => r.name === 'Data key')!.key!.kcv;

    // The policy: exports need 1 approval by an Account Administrator.
    await page.goto('/home/approvals/policies');
    await page.getByRole('heading', { name: 'Approvals' }).waitFor();
    await settled(page, 'Approval policies');
    await page.getByRole('button', { name: `Edit ${EXPORT}` }).click();
    const policy = await waitForDialog(page);
    await policy.getByRole('switch', { name: 'Requires approval' }).click();
    await policy.getByRole('textbox', { name: 'Approvals needed' }).fill('1');
    await shot(page, '01-policy');
    await submit(page, 'Save policy');
    await waitForToast(page, 'Saved the approval policy');
    await policy.waitFor({ state: 'detached' });

    // The export now waits for approval, and says so.
    await page.goto('/home/service/symmetric-keys');
    await page.getByRole('button', { name: 'Actions for Data key', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export as TR-31…' }).click();
    const exporter = await waitForDialog(page);
    await choose(page, exporter, 'Key block protection key (K1)', /^Partner KBPK/);
    await submit(page, 'Export');
    await exporter.getByTestId('approval-pending').waitFor();
    expect(await exporter.getByTestId('key-block').count()).toBe(0);
    await shot(page, '02-pending');
    await page.keyboard.press('Escape');

    // The approver, in a session of their own, finds it in their inbox (counted in the navigation) and approves.
    const context = await page.context().browser()!.newContext({ baseURL: browser.baseUrl, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      const other = await context.newPage();
      await signIn(other, approver);
      await other.getByRole('link', { name: 'Approvals, 1 waiting' }).click();
      await settled(other, 'Approval inbox');
      await other.getByRole('button', { name: `Review ${EXPORT}` }).click();
      const review = await waitForDialog(other);
      expect(await review.textContent()).toContain('Partner KBPK');
      expect(await accessibilityViolations(other)).toEqual([]);
      await shot(other, '03-review');
      await review.getByRole('button', { name: 'Approve' }).click();
      await waitForToast(other, 'Approved');
    } finally {
      await context.close();
    }

    // The requester carries it out from My requests: the key block comes, once.
    await page.goto('/home/approvals/mine');
    await settled(page, 'My approval requests');
    await page.getByRole('button', { name: `Review ${EXPORT}` }).click();
    const mine = await waitForDialog(page);
    await mine.getByRole('button', { name: 'Carry out' }).click();
    await mine.getByTestId('key-block').waitFor();
    expect(await mine.getByTestId('export-kcv').textContent()).toBe(dataKcv);
    expect(await accessibilityViolations(page)).toEqual([]);
    await shot(page, '04-carried-out');
    const requests = await apiCall(page, api.approvals.listApprovalRequests, { query: { box: 'mine' } });
    expect(requests.data.map((r) => [r.operation, r.state, r.approvals])).toEqual([['symmetric_key.export', 'executed', 1]]);
  });
});
