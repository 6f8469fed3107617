// Temporary screenshot driver for the services screens (deleted after use).
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4789';
const out = '/tmp/sw-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function ctx(scheme) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 860 }, colorScheme: scheme, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}
async function signIn(page, user, pass) {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}
async function api(page, method, path, body) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'VCSRF-TOKEN')?.value ?? '';
  const r = await page.request.fetch(path, { method, data: body, headers: { 'X-VCSRF-TOKEN': csrf } });
  if (!r.ok()) throw new Error(`${method} ${path} ${r.status()} ${await r.text()}`);
  return r.json();
}
const shot = async (page, name) => { await page.waitForTimeout(700); await page.screenshot({ path: `${out}/${name}.png`, fullPage: true }); };
const step = process.argv[2];
const scheme = process.argv[3] ?? 'light';
const { page } = await ctx(scheme);
page.setDefaultTimeout(10000);
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
try {
if (step === 'demo') {
  await signIn(page, 'demo.admin', 'Demo-pass-1234-7');
  await page.goto('/key-management-services');
  await shot(page, `catalogue-${scheme}`);
  await page.getByRole('button', { name: /^Request / }).first().click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Payments ${scheme}`);
  await shot(page, `request-form-${scheme}`);
  await page.getByRole('button', { name: 'Request service', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await shot(page, `catalogue-after-${scheme}`);
  await page.goto('/home/services');
  await shot(page, `dashboard-${scheme}`);
  await page.goto('/home/service');
  await shot(page, `workspace-none-${scheme}`);
} else if (step === 'admin') {
  await signIn(page, 'admin', 'Adm-pass-1234-9');
  const { data } = await api(page, 'GET', '/rest/api/v1/admin/accounts?search=Demo');
  const id = data.find((a) => a.name === 'Demo Company').id;
  await page.goto(`/v2/admin/company-management/accounts/${id}/services`);
  await shot(page, `admin-services-${scheme}`);
  await page.getByRole('button', { name: 'Create service' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, `admin-create-${scheme}`);
  await page.keyboard.press('Escape');
  const approve = page.getByRole('button', { name: /^Approve / });
  if (await approve.count()) { await approve.first().click(); await page.waitForTimeout(2500); await page.reload(); }
  await shot(page, `admin-services-after-${scheme}`);
} else if (step === 'debug403') {
  page.on('response', (r) => { if (r.url().includes('/rest/')) console.log(r.status(), r.request().method(), r.url().replace(base, '')); });
  await signIn(page, 'demo.admin', 'Demo-pass-1234-7');
  await page.goto('/home/services');
  await page.getByRole('button', { name: /^Select / }).first().click();
  await page.getByRole('button', { name: 'Log in to service' }).click();
  await page.getByRole('link', { name: 'Open workspace' }).click();
  await page.waitForURL('**/home/service');
  await page.getByText('Your service user group: Administrators').waitFor();
  const sid = await page.evaluate(() => sessionStorage.getItem('keydeck.current_service'));
  await page.waitForLoadState('networkidle');
  console.log('--- delete');
  await api(page, 'DELETE', `/rest/api/v1/service/login/${sid}`);
  await page.getByRole('tab', { name: 'External CAs' }).click();
  for (let i = 0; i < 12; i++) { await page.waitForTimeout(250); console.log(i, await page.locator('.mantine-Notification-root').allTextContents()); }
  await shot(page, 'debug403');
  console.log('url', page.url());
} else if (step === 'session') {
  await signIn(page, 'demo.admin', 'Demo-pass-1234-7');
  await page.goto('/home/services');
  await page.getByRole('button', { name: /^Select / }).first().click();
  await shot(page, `dashboard-selected-${scheme}`);
  await page.getByRole('button', { name: 'Log in to service' }).click();
  await page.getByText('Idle timeout in').waitFor();
  await shot(page, `dashboard-loggedin-${scheme}`);
  await page.getByRole('link', { name: 'Open workspace' }).click();
  await page.waitForURL('**/home/service');
  await shot(page, `workspace-${scheme}`);
  const tab = page.getByRole('tab', { name: 'External CAs' });
  if (await tab.count()) { await tab.click(); await shot(page, `workspace-cas-${scheme}`); }
  const sid = await page.evaluate(() => sessionStorage.getItem('keydeck.current_service'));
  await api(page, 'DELETE', `/rest/api/v1/service/login/${sid}`);
  await page.getByRole('tab', { name: 'Overview' }).click();
  if (await tab.count()) await tab.click();
  await page.waitForTimeout(1500);
  await shot(page, `after-403-${scheme}`);
  console.log('url', page.url());
}
} catch (e) { console.log(String(e).slice(0, 300)); await page.screenshot({ path: `${out}/fail.png`, fullPage: true }); }
await browser.close();
