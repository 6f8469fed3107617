import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { sectionLink } from '../harness/section-nav';
import { openNewService } from '../harness/services';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { settled, table } from '../harness/table';

const browser = useBrowser({ viewport: { width: 1440, height: 900 } });
const ACCOUNTS = '/v2/admin/company-management/accounts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('keydeck-color-scheme', value), scheme);
  await page.reload();
  await page.waitForFunction((value) => document.documentElement.dataset.mantineColorScheme === value, scheme);
}

/** Opens the demo company's account page as the platform administrator. */
async function openDemoAccount(page: Page) {
  await signInAsPlatformAdmin(page);
  await page.goto(`${ACCOUNTS}?search=Demo`);
  await settled(page, 'Accounts');
  await table(page, 'Accounts').getByRole('link', { name: 'Demo Company' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/company'));
  await page.getByRole('navigation', { name: 'Account sections' }).waitFor();
}

describe('grouped navigation', () => {
  it('puts the sidebar in collapsible groups, the platform apart, and remembers a closed group after a reload', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const nav = sidebar(page);
    for (const group of ['Workspace', 'Settings', 'Administration', 'Infrastructure', 'Dashboards']) {
      await nav.getByRole('button', { name: group, exact: true }).waitFor();
    }
    // The platform's pages come first, under their own label, and the company's own apart below them.
    const top = async (name: string) => (await nav.getByRole('button', { name, exact: true }).boundingBox())!.y;
    const heading = async (name: string) => (await nav.getByText(name, { exact: true }).boundingBox())!.y;
    expect(await heading('Platform')).toBeLessThan(await top('Administration'));
    expect(await top('Dashboards')).toBeLessThan(await heading('Your company'));
    expect(await heading('Your company')).toBeLessThan(await top('Workspace'));
    expect(await top('Workspace')).toBeLessThan(await top('Settings'));

    // Administration is open on the first screen; an entry of it opens, marked as the current page.
    await nav.getByRole('link', { name: 'Accounts', exact: true }).click();
    await page.waitForURL((url) => url.pathname === ACCOUNTS);
    expect(await nav.getByRole('link', { name: 'Accounts', exact: true }).getAttribute('aria-current')).toBe('page');
    // Infrastructure starts closed; opened, its entries are reachable.
    const infrastructure = nav.getByRole('button', { name: 'Infrastructure', exact: true });
    expect(await infrastructure.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Blueprints' }).isVisible()).toBe(false);
    await infrastructure.click();
    await nav.getByRole('link', { name: 'Blueprints' }).click();
    await page.waitForURL((url) => url.pathname === '/configuration/cloud-product/blueprints');

    // Closing Administration hides its entries, and it stays closed after a reload.
    const administration = nav.getByRole('button', { name: 'Administration', exact: true });
    await administration.click();
    expect(await administration.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Accounts', exact: true }).isVisible()).toBe(false);
    await page.reload();
    await nav.getByRole('button', { name: 'Settings', exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: 'Administration', exact: true }).getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('button', { name: 'Infrastructure', exact: true }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Accounts', exact: true }).isVisible()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows only the customer groups to a company user', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    const nav = sidebar(page);
    await nav.getByRole('button', { name: 'Workspace', exact: true }).waitFor();
    expect(await nav.getByRole('button', { name: 'Administration' }).count()).toBe(0);
    expect(await nav.getByText('Platform', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Your company', { exact: true }).count()).toBe(0);
  });

  it('groups an account’s sections by concern beside the page, each a route with breadcrumbs back, at 1440 px', async () => {
    const { page } = browser;
    await openDemoAccount(page);
    await sectionLink(page, 'Company', { current: true }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Account sections' });
    const identity = sections.getByRole('group', { name: 'Identity and access' });
    for (const name of ['Users', 'Roles', 'Identity providers', 'Allowed flows', 'API credentials']) {
      await identity.getByRole('link', { name, exact: true }).waitFor();
    }
    await sections.getByRole('group', { name: 'Network' }).getByRole('link', { name: 'Port ranges' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/port-ranges'));
    const portRanges = page.url();
    await sectionLink(page, 'Port ranges', { current: true }).waitFor();
    expect(await sectionLink(page, 'Company').getAttribute('aria-current')).toBeNull();

    // Breadcrumbs: Accounts › Demo Company › Port ranges, the first two linking back.
    const trail = breadcrumbs(page);
    await expect.poll(() => trail.getByRole('listitem').allTextContents()).toEqual(['Accounts›', 'Demo Company›', 'Port ranges']);
    expect(await trail.locator('[aria-current="page"]').textContent()).toBe('Port ranges');
    await page.screenshot({ path: '/tmp/shots/account-sections-1440-light.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await setScheme(page, 'dark');
    await sectionLink(page, 'Port ranges', { current: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots/account-sections-1440-dark.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);

    await trail.getByRole('link', { name: 'Demo Company', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/company'));
    await trail.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL((url) => url.pathname === ACCOUNTS);
    // The back button walks the same routes.
    await page.goBack();
    await page.waitForURL((url) => url.pathname.endsWith('/company'));
    await page.goBack();
    await page.waitForURL(portRanges);
    await sectionLink(page, 'Port ranges', { current: true }).waitFor();
  });

  it('folds an account’s sections into a button naming the open one at 768 px, every section reachable', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 768, height: 1024 });
    await openDemoAccount(page);
    const sections = page.getByRole('navigation', { name: 'Account sections' });
    const toggle = sections.getByRole('button', { name: 'Account sections: Company' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await accessibilityViolations(page)).toEqual([]);
    await toggle.click();
    const syslog = sections.getByRole('group', { name: 'Logs' }).getByRole('link', { name: 'Syslog' });
    // Every entry fits the width: none hides off screen.
    for (const link of await sections.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect([await link.textContent(), box.x >= 0 && box.x + box.width <= 768]).toEqual([await link.textContent(), true]);
    }
    await page.screenshot({ path: '/tmp/shots/account-sections-768-light.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await syslog.click();
    await page.waitForURL((url) => url.pathname.endsWith('/syslog-server-configs'));
    await sections.getByRole('button', { name: 'Account sections: Syslog', expanded: false }).waitFor();
    await setScheme(page, 'dark');
    await sections.getByRole('button', { name: 'Account sections: Syslog' }).click();
    await sectionLink(page, 'Syslog', { current: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots/account-sections-768-dark.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    // The sidebar sits behind the burger at this width; its groups open there too.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await sidebar(page).getByRole('button', { name: 'Infrastructure', exact: true }).click();
    await sidebar(page).getByRole('link', { name: 'Blueprints' }).click();
    await page.waitForURL((url) => url.pathname === '/configuration/cloud-product/blueprints');
  });

  it('groups the service workspace’s sections by job, with a trail back to the service, light and dark', async () => {
    const { page } = browser;
    await openNewService(page, `Navigation ${Date.now()}`);
    await page.goto('/home/service');
    const devices = page.getByRole('navigation', { name: 'Service sections' }).getByRole('group', { name: 'Devices' });
    await devices.getByRole('link', { name: 'Device Models' }).click();
    await page.waitForURL((url) => url.pathname === '/home/service/device-models');
    await sectionLink(page, 'Device Models', { current: true }).waitFor();
    await expect.poll(() => breadcrumbs(page).getByRole('listitem').allTextContents()).toEqual(['Home›', 'Service›', 'Device Models']);
    await page.screenshot({ path: '/tmp/shots/workspace-1440-light.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await setScheme(page, 'dark');
    await sectionLink(page, 'Device Models', { current: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots/workspace-1440-dark.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await breadcrumbs(page).getByRole('link', { name: 'Service' }).click();
    await page.waitForURL((url) => url.pathname === '/home/service');
    await sectionLink(page, 'Overview', { current: true }).waitFor();
  });

  it('opens General for /v2/home/settings, with breadcrumbs back to Settings', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto('/v2/home/settings');
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/general');
    const trail = breadcrumbs(page);
    await expect.poll(() => trail.getByRole('listitem').allTextContents()).toEqual(['Settings›', 'General']);
    await page.goto('/v2/home/settings/users/roles');
    await expect.poll(() => trail.getByRole('listitem').allTextContents()).toEqual(['Settings›', 'Users›', 'Roles']);
    await trail.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/v2/home/settings/general');
    // A top-level page has no trail.
    await page.goto('/home');
    await page.getByRole('heading', { name: `Welcome, ${Demo.admin.name}` }).waitFor();
    expect(await breadcrumbs(page).count()).toBe(0);
  });
});
