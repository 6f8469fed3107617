import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Messages } from '@keydeck/contract/messages';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { DEMO_COMPANY, Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { PROVISIONING_WAIT_MS, waitUntilEnabled } from '../harness/services';
import { waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const unique = (label: string) => `E2E ${label} ${Math.random().toString(36).slice(2, 8)}`;

/** The platform administrator, signed in in a browser context of their own beside the demo user's. */
async function platformAdminPage(): Promise<Page> {
  const context = await (browser.context.browser() as Browser).newContext({
    baseURL: browser.baseUrl,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await signInAsPlatformAdmin(page);
  return page;
}

async function demoCompanyId(page: Page): Promise<string> {
  const { data } = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  return data.find((account) => account.name === DEMO_COMPANY)!.id;
}

/** A cryptoverse service of the demo company, requested by the signed-in demo user and approved through the API. */
async function enabledService(demo: Page, name: string): Promise<string> {
  const catalogue = await apiCall(demo, api.services.listServices, { query: { page_size: 99 } });
  const { service } = await apiCall(demo, api.services.requestService, {
    body: { type: 'cryptoverse', name, location: catalogue.service_locations[0]!.id, environment: catalogue.environments[0]! },
  });
  const admin = await platformAdminPage();
  await apiCall(admin, api.adminServices.adminUpdateServices, { body: { services: [{ id: service.id, action: 'approve' }] } });
  await admin.context().close();
  await waitUntilEnabled(demo, service.id);
  return service.id;
}

describe('services', () => {
  it('demo.admin requests a service, the platform administrator approves it, demo.admin logs in to it and out again', async () => {
    const { page } = browser;
    const name = unique('Payments');
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Request a service' }).click();
    await page.waitForURL((url) => url.pathname === '/key-management-services');
    await page.getByRole('button', { name: 'Request Cryptoverse' }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { Name: name });
    await submit(page, 'Request service');
    await waitForToast(page, `${name} requested. It is Pending Approval.`);
    await dialog.waitFor({ state: 'detached' });
    const requested = page.getByRole('table', { name: 'Your services' }).getByRole('row').filter({ hasText: name });
    await expect.poll(() => requested.textContent()).toContain('Pending Approval');

    // The platform administrator sees it waiting (a count in the navigation), finds it among every account's
    // requests, and approves it after a confirmation; provisioning then enables it.
    const admin = await platformAdminPage();
    const waiting = admin.getByRole('navigation', { name: 'Main' }).getByLabel(/service requests waiting$/);
    await waiting.waitFor();
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Service requests/ }).click();
    await settled(admin, 'Service requests');
    await rows(admin, 'Service requests').filter({ hasText: name }).filter({ hasText: DEMO_COMPANY }).waitFor();
    await admin.screenshot({ path: '/tmp/shots/service-requests.png' });
    await admin.getByRole('button', { name: `Approve ${name}` }).click();
    const question = await waitForDialog(admin);
    expect(await question.textContent()).toContain(`Approve the request for the service ${name}`);
    await question.getByRole('button', { name: 'Yes' }).click();
    await waitForToast(admin, `${name} approved. It is being provisioned.`);
    await admin.goto(`/v2/admin/company-management/accounts/${await demoCompanyId(admin)}/services`);
    await expect
      .poll(
        async () => {
          await admin.reload();
          await settled(admin, 'Account services');
          return rows(admin, 'Account services').filter({ hasText: name }).textContent();
        },
        { timeout: PROVISIONING_WAIT_MS, interval: 1000 },
      )
      .toContain('Enabled');
    await admin.context().close();

    // demo.admin selects it, logs in to it, watches the idle time count down, and logs out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).click();
    await settled(page, 'Services');
    await page.getByRole('button', { name: `Select ${name}` }).click();
    const panel = page.getByRole('region', { name });
    await panel.getByRole('button', { name: 'Log in to service' }).click();
    await waitForToast(page, `Logged in to ${name}.`);
    const countdown = panel.getByTestId('idle-countdown');
    const seconds = async () => {
      const [minutes, rest] = ((await countdown.textContent()) ?? '').split(':').map(Number);
      return minutes! * 60 + rest!;
    };
    const first = await seconds();
    expect(first).toBeGreaterThan(590);
    expect(first).toBeLessThanOrEqual(600);
    await expect.poll(seconds, { timeout: 5000 }).toBeLessThan(first);
    expect(await accessibilityViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Log out' }).click();
    await waitForToast(page, `Logged out of ${name}.`);
    await panel.getByRole('button', { name: 'Log in to service' }).waitFor();
    expect(await countdown.count()).toBe(0);
  });

  it('sends the user back to the service login with the spec toast when the service session ends under an open page', async () => {
    const { page } = browser;
    const name = unique('Vault');
    await signIn(page, Demo.admin.username);
    const serviceId = await enabledService(page, name);

    await page.goto(`/home/services/${serviceId}`);
    const panel = page.getByRole('region', { name });
    await panel.getByRole('button', { name: 'Log in to service' }).click();
    await waitForToast(page, `Logged in to ${name}.`);
    await panel.getByRole('link', { name: 'Open workspace' }).click();
    await page.waitForURL((url) => url.pathname === '/home/service');
    await page.getByText('Your service user group: Administrators').waitFor();

    // The service session ends elsewhere (another tab logs out); the next service call is refused.
    await page.waitForLoadState('networkidle');
    const expired = waitForToast(page, Messages.serviceSessionExpired);
    await apiCall(page, api.serviceSessions.serviceLogout, { params: { service_id: serviceId } });
    // Opening a tab makes the next service call; a refetch already under way may make it first and leave the
    // workspace before the click lands: either way the refusal must send the user back.
    const click = sectionLink(page, 'External CAs').click();
    click.catch(() => undefined);
    await Promise.race([expired, click]);
    await expired;
    await page.waitForURL((url) => url.pathname === `/home/services/${serviceId}` && url.searchParams.get('action') === 'login');
    const login = await waitForDialog(page);
    expect(await login.getByRole('heading', { name: 'Log in to service' }).count()).toBe(1);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForToast(page, `Logged in to ${name}.`);
    await panel.getByTestId('idle-countdown').waitFor();
  });
});
