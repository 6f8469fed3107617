import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Messages } from '@keydeck/contract/messages';
import { PasswordText } from '@keydeck/contract/passwords';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fieldError, fill, submit } from '../harness/form';
import { registrationLinkIn, waitForMail } from '../harness/outbox';
import { signInAsPlatformAdmin, submitSignIn } from '../harness/sign-in';
import { rows, settled } from '../harness/table';

const browser = useBrowser();
const PASSWORD = 'Juniper-Anvil-Copper-73';

/** Fills the sign-up form for a fresh company and submits it; answers the company's slug, username and email. */
async function registerCompany(page: Page, key: string) {
  const slug = `e2e-${key}-${randomBytes(3).toString('hex')}`;
  const company = { slug, username: `${slug}.admin`, email: `${slug}@e2e.example` };
  await fill(page, { 'Company name': `Company ${slug}`, 'Account slug': slug, 'Your username': company.username, Email: company.email });
  await fill(page, { Password: PASSWORD, 'Repeat the password': PASSWORD });
  await submit(page, 'Create account');
  await page.getByRole('status').filter({ hasText: Messages.registrationRequested }).waitFor();
  return company;
}

describe('self-service registration', () => {
  it('signs up from the login page, confirms through the mailed link and signs in as the new administrator', async () => {
    const { page } = browser;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // The slug follows the company name, and the hint shows the sign-in link it makes.
    await fill(page, { 'Company name': 'Globex Labs' });
    expect(await page.getByLabel('Account slug', { exact: true }).inputValue()).toBe('globex-labs');
    await page.getByText(/login\?account_slug=globex-labs/).waitFor();

    // A weak password is refused before anything is sent.
    await fill(page, { 'Your username': 'globex.admin', Email: 'globex@e2e.example', Password: 'Password2026!', 'Repeat the password': 'Password2026!' });
    await submit(page, 'Create account');
    await page.getByText(PasswordText.common).waitFor();
    expect(await fieldError(page, 'Password')).toBe(PasswordText.common);

    const asked = new Date();
    const company = await registerCompany(page, 'direct');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto(registrationLinkIn(await waitForMail(company.email, asked)));
    await page.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('account_slug') === company.slug);
    await page.getByText(`Account: ${company.slug}`).waitFor();
    await submitSignIn(page, company.username, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('says so when a confirmation link was already used', async () => {
    const { page } = browser;
    await page.goto('/register');
    const asked = new Date();
    const company = await registerCompany(page, 'twice');
    const link = registrationLinkIn(await waitForMail(company.email, asked));
    await page.goto(link);
    await page.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: Messages.registrationLinkInvalid }).waitFor();
    expect(await page.getByRole('link', { name: 'Register again' }).count()).toBe(1);
  });

  it('signs up from Azure Marketplace with its token, which the platform administrator sees on the account', async () => {
    const { page } = browser;
    await page.goto('/register/azure?token=azure-purchase-id-Q7w2');
    await page.getByText('From Azure Marketplace').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    const asked = new Date();
    const company = await registerCompany(page, 'azure');
    await page.goto(registrationLinkIn(await waitForMail(company.email, asked)));
    await page.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();

    await signInAsPlatformAdmin(page);
    const found = await apiCall(page, api.accounts.listAccounts, { query: { search: company.slug } });
    await page.goto(`/v2/admin/company-management/accounts/${found.data[0]!.id}/company`);
    await page.getByText('Marketplace: Azure (token …Q7w2)').waitFor();

    // The platform administrator decides the entitlement by hand (the marketplace's own API is out of reach).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Azure Marketplace' }).click();
    await settled(page, 'Azure Marketplace entitlements');
    const row = rows(page, 'Azure Marketplace entitlements').filter({ hasText: `Company ${company.slug}` });
    expect(await row.textContent()).toContain('Pending');
    expect(await row.textContent()).not.toContain('azure-purchase-id-Q7w2');
    await row.getByRole('button', { name: `Approve Company ${company.slug}` }).click();
    await waitForDialog(page);
    await fill(page, { Plan: 'Standard monthly' });
    await submit(page, 'Approve');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => rows(page, 'Azure Marketplace entitlements').filter({ hasText: `Company ${company.slug}` }).textContent()).toContain('Approved');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/azure-marketplace.png', fullPage: true });
  });

  it('refuses a marketplace sign-up that carries no token', async () => {
    const { page } = browser;
    await page.goto('/google-marketplace');
    await page.getByRole('alert').filter({ hasText: Messages.marketplaceTokenMissing }).waitFor();
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
