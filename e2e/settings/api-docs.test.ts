import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { useBrowser } from '../harness/browser';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';

const browser = useBrowser();

/** Waits until the reference's sidebar lists the operation called `summary` (generated from the route table). */
async function listed(page: Page, summary: string) {
  const entry = page.getByText(summary, { exact: true }).first();
  await entry.waitFor({ timeout: 60_000 });
  return entry;
}

describe('API documentation', () => {
  it('shows a platform administrator each product and tries a call with the session', async () => {
    const { page } = browser;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await signInAsPlatformAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API documentation' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/admin/apidocs/auth');
    await listed(page, 'List security keys');
    await listed(page, 'Regenerate recovery codes');

    // "Try it": the call goes to this server with the session cookie (and the anti-forgery header) and answers 200.
    await (await listed(page, 'MFA status')).click();
    await page.getByRole('button').filter({ hasText: 'Test Request' }).filter({ hasText: 'get /rest/api/v1/mfa)' }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/api/v1/mfa' && r.request().method() === 'GET'),
      page.getByRole('button').filter({ hasText: /^Send/ }).filter({ hasText: 'get request' }).first().click(),
    ]);
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).origin).toBe(new URL(page.url()).origin);
    expect((await response.request().allHeaders())['x-vcsrf-token']).toBeTruthy();
    await page.getByText('200', { exact: true }).first().waitFor();
    await page.screenshot({ path: '/tmp/shots/api-docs-admin-try.png' });
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Crypto cluster' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/admin/apidocs/crypto-cluster');
    await listed(page, 'List certificates');
    expect(refused.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  }, 180_000);

  it('shows a customer the API reference of the products', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/customer-docs/vip-auth-endpoints');
    await listed(page, 'List security keys');
    await page.getByRole('tab', { name: 'CryptoHub' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/customer-docs/cryptohub-endpoints');
    await listed(page, 'List services to buy');
    await page.screenshot({ path: '/tmp/shots/api-docs-customer.png' });
    // The console's own part of the page (title, product tabs, shell); Scalar's reference has findings of its own.
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).exclude('[data-testid="api-reference"]').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }, 180_000);
});
