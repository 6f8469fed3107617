import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '@keydeck/contract/audit';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { field } from '../harness/form';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';

const browser = useBrowser();
const AUDIT = '/v2/home/audit-logs';

describe('audit logs', () => {
  it('lists sign-ins, filters by outcome in the URL, exports CSV and verifies the chain', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit logs' }).click();
    await page.waitForURL((url) => url.pathname === AUDIT);
    await settled(page, 'Audit events');
    const signIns = rows(page, 'Audit events').filter({ hasText: 'auth.login' }).filter({ hasText: Demo.admin.username });
    await signIns.first().waitFor();

    await field(page, 'Outcome').selectOption('success');
    await page.waitForURL((url) => url.searchParams.get('outcome') === 'success');
    await settled(page, 'Audit events');
    const outcomes = await rows(page, 'Audit events').locator('.mantine-Badge-root').allTextContents();
    expect(outcomes.length).toBeGreaterThan(0);
    expect(new Set(outcomes)).toEqual(new Set(['success']));

    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toContain('outcome=success');
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += String(chunk);
    expect(csv.split(/\r?\n/)[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(csv).toContain('auth.login');

    await page.getByRole('button', { name: 'Verify integrity' }).click();
    const result = page.getByTestId('chain-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/The audit log is intact.*(The one event|All \d+ events) of the log of Demo Company (was|were) checked/);

    // One event in full: who, what, from where, and its request id whole (the table shows it abbreviated).
    await signIns.first().getByRole('button', { name: /^View event \d+$/ }).click();
    const details = page.getByTestId('audit-event-details');
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain(Demo.admin.username);
    expect(text).toContain('auth.login');
    expect(text).toMatch(/Request id[0-9a-f]{8}-[0-9a-f]{4}-/);
    await page.screenshot({ path: '/tmp/shots/audit-details.png' });
  });

  it('lets a platform administrator verify every account\'s chain and the anonymous one', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.goto(AUDIT);
    await settled(page, 'Audit events');
    await page.getByRole('button', { name: 'Verify every chain' }).click();
    const result = page.getByTestId('chain-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/The audit log is intact.*All \d+ events of \d+ logs were checked/);
    await page.screenshot({ path: '/tmp/shots/audit-admin.png' });
  });

  it('has no accessibility violations', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto(AUDIT);
    await settled(page, 'Audit events');
    await rows(page, 'Audit events').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
