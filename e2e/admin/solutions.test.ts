import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { fill, submit } from '../harness/form';
import { DEMO_COMPANY, signInAsPlatformAdmin } from '../harness/sign-in';
import { settled } from '../harness/table';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');

describe('Solutions', () => {
  it('a platform administrator defines a solution and onboards it onto an account, watching each step to the end', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const found = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
    const account = found.data.find((a) => a.name === DEMO_COMPANY)!;
    await page.goto(`/v2/admin/company-management/accounts/${account.id}/solutions`);
    await settled(page, 'Solutions');

    const name = `P2PE for retail ${run}`;
    await page.getByRole('button', { name: 'New solution' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/solutions/new/form'));
    await fill(page, { Name: name, Description: 'A Cryptoverse service with its key group and terminal model' });
    const service = page.getByRole('group', { name: 'Service 1' });
    await service.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Cryptoverse', exact: true }).click();
    await service.getByRole('textbox', { name: 'Service name' }).fill(`Retail P2PE ${run}`);
    await service.getByRole('button', { name: 'Add key group' }).click();
    await service.getByRole('textbox', { name: 'Key groups 1' }).fill('Store terminals');
    await service.getByRole('button', { name: 'Add device model' }).click();
    await service.getByRole('textbox', { name: 'Device models 1' }).fill('Lane 3000');
    expect(await accessibilityViolations(page)).toEqual([]);
    await submit(page, 'Define solution');

    await settled(page, 'Solutions');
    await page.getByRole('button', { name: `Onboard ${name}` }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/onboard'));
    await page.getByRole('button', { name: 'Onboard', exact: true }).click();
    const progress = page.getByRole('region', { name: 'Onboarding run' });
    await progress.getByRole('list', { name: 'Steps' }).waitFor();
    // The service is provisioned first; the page follows each step until the run ends (bounded by the wait).
    await progress.getByText('Succeeded', { exact: true }).waitFor({ timeout: 90_000 });
    const steps = await progress.getByRole('list', { name: 'Steps' }).textContent();
    expect(steps).toContain(`Wait until Retail P2PE ${run} is enabled · Done`);
    expect(steps).toContain(`Create 1 key group in Retail P2PE ${run} · Done: Created 1`);
    expect(steps).toContain(`Create 1 device model in Retail P2PE ${run} · Done: Created 1`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/solution-onboarded.png', fullPage: true });
  }, 150_000);
});
