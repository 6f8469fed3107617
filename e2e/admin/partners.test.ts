import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { DEMO_COMPANY, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');

async function demoCompanyId(page: Page): Promise<string> {
  const found = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  return found.data.find((a) => a.name === DEMO_COMPANY)!.id;
}

describe('Partners and the CryptoHub tenancy', () => {
  it('a platform administrator creates a partner, assigns an account to it, and sets the account hub tenancy', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/admin/splenda');
    await settled(page, 'Partners');

    const partner = `Reseller ${run}`;
    await page.getByRole('button', { name: 'New partner' }).click();
    await waitForDialog(page);
    await fill(page, { Name: partner, 'Contact email': `sales-${run}@reseller.example`, 'Commission (%)': '12.5' });
    await submit(page, 'Create partner');
    await rows(page, 'Partners').filter({ hasText: partner }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const accountId = await demoCompanyId(page);
    await page.goto(`/v2/admin/company-management/accounts/${accountId}/splenda`);
    await page.getByRole('button', { name: /^(Assign a partner|Change partner)$/ }).click();
    const assign = await waitForDialog(page);
    await assign.getByRole('combobox', { name: 'Partner' }).click();
    await page.getByRole('option', { name: new RegExp(partner) }).click();
    await submit(page, 'Assign');
    await waitForToast(page, `The account now belongs to ${partner}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    await sectionLink(page, 'CryptoHub').click();
    await page.waitForURL((url) => url.pathname.endsWith('/cryptohub'));
    const form = page.getByRole('form', { name: 'CryptoHub tenancy' });
    await form.waitFor();
    await form.getByRole('combobox', { name: 'Home region' }).click();
    await page.getByRole('option').first().click();
    await fill(page, { 'Maximum services': '500' });
    await submit(page, 'Save tenancy');
    await waitForToast(page, 'CryptoHub tenancy saved');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/cryptohub-tenancy.png', fullPage: true });
  });
});
