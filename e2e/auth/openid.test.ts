import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { startOidcProvider, type OidcTestProvider } from '../../packages/server/test/oidc-provider';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { DEMO_COMPANY, Demo, sessionStatus, signInAsPlatformAdmin } from '../harness/sign-in';

const browser = useBrowser();
let idp: OidcTestProvider;

beforeAll(async () => {
  // The console derives its redirect URI from the address the browser reached it at.
  idp = await startOidcProvider({ redirectUris: [`${browser.baseUrl}/login/openid/complete`] });
});
afterAll(() => idp.close());

describe('sign-in with OpenID Connect', () => {
  it("signs a demo user in through Demo Company's identity provider", async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    // The provider listens on loopback, which the egress policy closes until a platform administrator opens it.
    const policy = await apiCall(page, api.egress.getEgressPolicy, {});
    if (!policy.allowed_ranges.includes('127.0.0.1/32')) {
      await apiCall(page, api.egress.setEgressPolicy, { body: { allowed_ranges: [...policy.allowed_ranges, '127.0.0.1/32'] } });
    }
    const { data } = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
    const demo = data.find((account) => account.name === DEMO_COMPANY)!;
    await apiCall(page, api.identityProviders.createIdentityProvider, {
      params: { account_id: demo.id },
      body: { name: 'Demo IdP', issuer: idp.issuer, client_id: idp.client.client_id, client_secret: idp.client.client_secret },
    });
    await page.goto(`/v2/admin/company-management/accounts/${demo.id}/identity-providers`);
    await page.getByRole('cell', { name: 'Demo IdP', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots8/identity-providers-tab.png', fullPage: true });
    await page.getByRole('button', { name: 'Edit Demo IdP' }).click();
    await page.getByText('A secret is stored. Leave empty to keep it.').waitFor();
    await page.screenshot({ path: '/tmp/shots8/identity-provider-form.png' });
    await page.context().clearCookies();

    await page.goto('/login?account_slug=demo');
    const button = page.getByRole('button', { name: 'Sign in with Demo IdP' });
    await button.waitFor();
    await page.screenshot({ path: '/tmp/shots8/login-with-provider.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    idp.nextLogin({ sub: 'demo-viewer-1', email: `${Demo.viewer.username}@demo.example`, email_verified: true });
    await button.click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.locator('header').getByText(Demo.viewer.name).waitFor();
    expect(await sessionStatus(page)).toBe(200);
    await page.screenshot({ path: '/tmp/shots8/signed-in-home.png' });
  });

  // Uses the provider the test above configured (the file's tests run in order).
  it('explains a refusal for a provider sign-in that matches no user', async () => {
    const { page } = browser;
    await page.goto('/login?account_slug=demo');
    idp.nextLogin({ sub: 'stranger-1', email: 'stranger@elsewhere.example', email_verified: true });
    await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click();
    await page.waitForURL((url) => url.pathname === '/login/openid/complete');
    await page.getByRole('alert').filter({ hasText: 'no user of this company matches you' }).waitFor();
    await page.screenshot({ path: '/tmp/shots8/openid-refused.png' });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('account_slug') === 'demo');
  });
});
