import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '@keydeck/contract/audit';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { field } from '../harness/form';
import { Demo, signIn } from '../harness/sign-in';
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
    expect(await result.textContent()).toMatch(/The audit log is intact.*All \d+ events were checked/);
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
