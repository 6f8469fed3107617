import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { sectionLink } from '../harness/section-nav';
import { createDemoService, waitUntilEnabled } from '../harness/services';
import { Demo, signIn } from '../harness/sign-in';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');

/** What the page says in its console as errors, and which of its requests were cut off, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const aborted: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('requestfailed', (request) => aborted.push(`${request.method()} ${new URL(request.url()).pathname}`));
  return { errors, aborted };
}

/** The first painted background behind the element: its luminance, 0 (black) to 1 (white). */
function backgroundLuminance(page: Page, text: string): Promise<number> {
  return page.getByText(text, { exact: true }).first().evaluate((start) => {
    for (let node: Element | null = start; node; node = node.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (a > 0) return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    }
    return 1;
  });
}

describe('console hygiene (issue 27)', () => {
  it('serves Payment methods with Stripe’s CSP, also when the router reached it, so Stripe.js reaches its host', async () => {
    const { page } = browser;
    const { errors } = watch(page);
    const stripeJs: string[] = [];
    // js.stripe.com is out of this machine's reach: answered here with a script that is no Stripe.
    await page.route('https://js.stripe.com/**', (route) => {
      stripeJs.push(route.request().url());
      return route.fulfill({ contentType: 'application/javascript', body: '/* not Stripe */' });
    });
    await signIn(page, Demo.admin.username);
    const home = await page.request.get('/home');
    expect(home.headers()['content-security-policy']).not.toContain('stripe.com');

    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    await settings.waitFor();
    if ((await settings.getAttribute('aria-expanded')) === 'false') await settings.click();
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/billing/getmoreservices');
    // Reached by the router from /home: the document still has the strict policy, so the page loads itself again.
    const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/v2/home/settings/billing/payment-methods');
    await page.getByRole('tab', { name: 'Payment methods' }).click();
    const document = await reloaded;
    expect(document.headers()['content-security-policy']).toContain('https://js.stripe.com');
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = await waitForDialog(page);
    await dialog.getByText('Card entry is unavailable', { exact: false }).waitFor();
    expect(stripeJs.length).toBeGreaterThan(0);
    expect(errors.filter((text) => /Content Security Policy/.test(text))).toEqual([]);
    await page.screenshot({ path: '/tmp/shots/p3-card-entry.png' });
  }, 120_000);

  it('asks for the service session once across section switches: no aborted request, no console error', async () => {
    const { page } = browser;
    const serviceId = await createDemoService(page, `Hygiene ${run}`);
    await signIn(page, Demo.admin.username);
    await waitUntilEnabled(page, serviceId);
    const { errors, aborted } = watch(page);
    const sessionAsks: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/rest/api/v1/service/login/')) sessionAsks.push(request.url());
    });

    // No service session yet: an ordinary answer, not a 404 in the console.
    await page.goto(`/home/services/${serviceId}?action=login`);
    const login = await waitForDialog(page);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await page.goto('/home/service');
    await page.waitForLoadState('networkidle');
    const asked = sessionAsks.length;
    // From here on, only the router moves: any request cut off is one the console cancelled itself.
    aborted.length = 0;
    for (const section of ['Remote Devices', 'Device Groups', 'Device Models', 'Symmetric Keys', 'Remote Devices', 'Device Models']) {
      await sectionLink(page, section).click();
      await sectionLink(page, section, { current: true }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(sessionAsks.length - asked).toBeLessThanOrEqual(1);
    expect(aborted).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the API reference in the console’s colour scheme, not the system’s', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, Demo.admin.username);
    await page.goto('/v2/home/customer-docs/vip-auth-endpoints');
    await page.getByText('List security keys', { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await backgroundLuminance(page, 'List security keys')).toBeGreaterThan(0.7);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => backgroundLuminance(page, 'List security keys')).toBeLessThan(0.3);
    await page.screenshot({ path: '/tmp/shots/p3-api-docs-dark.png' });
  }, 120_000);
});
