import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { apiCall } from '../harness/api';
import { DEMO_COMPANY, Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');
const TABLE = 'API credentials';
const SETTINGS = '/v2/home/settings/credentials';

async function openFromNav(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API credentials' }).click();
  await page.waitForURL((url) => url.pathname === SETTINGS);
  await settled(page, TABLE);
}

/** What a script does: client credentials for a bearer token, then an API call with it (no cookies). */
async function exchange(baseUrl: string, clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${baseUrl}/rest/api/v2/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
}

describe('API credentials', () => {
  it('a customer administrator creates a credential, a script lists services with it, and revoking it refuses the next call', async () => {
    const { page, baseUrl } = browser;
    await signIn(page, Demo.admin.username);
    await openFromNav(page);

    const name = `CI ${run}`;
    await page.getByRole('button', { name: 'New credential' }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { Name: name });
    await dialog.getByRole('combobox', { name: 'Owner' }).click();
    await page.getByRole('option', { name: new RegExp(Demo.admin.username) }).click();
    await dialog.getByRole('checkbox', { name: 'View services' }).check();
    await submit(page, 'Create credential');

    const shown = page.getByRole('dialog', { name: `Credential ${name} created` });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('shown only once');
    const copy = (label: string) => shown.getByRole('button', { name: new RegExp(`^Copy ${label} `) }).getAttribute('aria-label');
    const clientId = (await copy('client ID'))!.replace('Copy client ID ', '');
    const clientSecret = (await copy('client secret'))!.replace('Copy client secret ', '');
    expect(await accessibilityViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'I have copied the secret' }).click();

    const row = rows(page, TABLE).filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId('credential-state').textContent()).toBe('Active');

    const token = await exchange(baseUrl, clientId, clientSecret);
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const services = await fetch(`${baseUrl}/rest/api/v1/service/services`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(services.status).toBe(200);
    expect(((await services.json()) as { data: unknown[] }).data).toBeInstanceOf(Array);

    // Narrowed to no more than what it was given, the credential keeps its secret: the token still works.
    await rows(page, TABLE).filter({ hasText: name }).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await waitForDialog(page);
    expect(await edit.getByRole('checkbox', { name: 'View services' }).isChecked()).toBe(true);
    await edit.getByLabel('Allowed addresses', { exact: true }).fill('127.0.0.1');
    await edit.getByLabel('Allowed addresses', { exact: true }).press('Enter');
    await submit(page, 'Save changes');
    await waitForToast(page, `Credential ${name} saved.`);
    expect(await rows(page, TABLE).filter({ hasText: name }).textContent()).toContain('127.0.0.1/32');

    // Last use shows once the list is asked again.
    await page.reload();
    await settled(page, TABLE);
    expect(await rows(page, TABLE).filter({ hasText: name }).textContent()).toContain('127.0.0.1');

    await rows(page, TABLE).filter({ hasText: name }).getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revoke credential' }).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `Credential ${name} revoked.`);
    await expect.poll(() => rows(page, TABLE).filter({ hasText: name }).getByTestId('credential-state').textContent()).toBe('Revoked');

    const refused = await fetch(`${baseUrl}/rest/api/v1/service/services`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(refused.status).toBe(401);
    expect((await exchange(baseUrl, clientId, clientSecret)).status).toBe(401);
    await page.screenshot({ path: '/tmp/shots/credentials.png' });
  });

  it("a platform administrator manages an account's credentials from its account page and at the spec's path", async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const { data } = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
    const demoId = data.find((account) => account.name === DEMO_COMPANY)!.id;

    await page.goto(`/v2/admin/company-management/accounts/${demoId}/company`);
    await sectionLink(page, 'API credentials').click();
    await page.waitForURL((url) => url.pathname.endsWith(`/accounts/${demoId}/credentials`));
    await settled(page, TABLE);
    expect(await rows(page, TABLE).filter({ hasText: `CI ${run}` }).count()).toBe(1);

    await page.goto(`/v2/home/accounts/${demoId}/credentials`);
    await page.getByRole('heading', { name: 'API credentials', level: 1 }).waitFor();
    await settled(page, TABLE);
    expect(await rows(page, TABLE).filter({ hasText: `CI ${run}` }).count()).toBe(1);
  });
});
