import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { Demo, signIn } from '../harness/sign-in';
import { settled } from '../harness/table';

const browser = useBrowser();

describe("an account's credentials by spec §2's path", () => {
  it('opens for a company administrator on their own account, and says another account is not found', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    const { auth_info } = await apiCall(page, api.auth.getSession, {});

    await page.goto(`/v2/home/accounts/${auth_info.company.id}/credentials`);
    await settled(page, 'API credentials');
    expect(await page.getByRole('heading', { name: 'Access denied' }).count()).toBe(0);
    await page.getByRole('button', { name: 'New credential' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Another account's credentials are none of theirs: not found, with a way back.
    await page.goto(`/v2/home/accounts/${randomUUID()}/credentials`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.getByRole('table', { name: 'API credentials' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to home' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/account-credentials-not-found.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
