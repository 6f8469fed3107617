import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Permission, PERMISSION_DESCRIPTIONS } from '@keydeck/contract/permissions';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill } from '../harness/form';
import { Demo, signIn } from '../harness/sign-in';
import { rows, settled, table } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const USERS = '/v2/home/settings/users';
const run = randomBytes(3).toString('hex');

async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await settled(page, 'Users');
}

async function pickRole(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

describe('users and roles settings', () => {
  it('invites a user (listed Offline), changes their roles, creates a role and disables the user', async () => {
    const { page } = browser;
    const username = `e2e.${run}`;
    const roleName = `Auditors ${run}`;
    await signIn(page, Demo.admin.username);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL((url) => url.pathname === USERS);

    // Invite: the dialog says plainly that no email goes out yet.
    await page.getByRole('button', { name: 'Invite user', exact: true }).click();
    const invite = await waitForDialog(page);
    expect(await invite.getByTestId('invite-notice').textContent()).toContain('an email with a link to choose their password');
    await fill(page, { Username: username, Name: `Edda ${run}`, Email: `${username}@example.com` });
    await pickRole(page, 'Read-only');
    await invite.getByRole('button', { name: 'Invite user', exact: true }).click();
    await waitForToast(page, `User ${username} invited.`);
    await invite.waitFor({ state: 'detached' });

    await searchUsers(page, username);
    const row = rows(page, 'Users').filter({ hasText: username });
    expect(await row.getByTestId('user-status').textContent()).toBe('Offline');
    expect(await row.textContent()).toContain('Read-only');
    // Invited, with no second factor yet; a fresh link can be sent.
    expect(await row.textContent()).toContain('Invited');
    expect(await row.textContent()).toContain('None');
    await row.getByRole('button', { name: `Resend invitation to ${username}` }).click();
    await waitForToast(page, `A new invitation was sent to ${username}@example.com.`);
    await page.screenshot({ path: '/tmp/shots/users-invited.png' });

    // Edit: give them the administrator role too.
    await page.getByRole('button', { name: `Edit ${username}` }).click();
    const edit = await waitForDialog(page);
    await pickRole(page, 'Account Administrator');
    await edit.getByRole('button', { name: 'Save user' }).click();
    await waitForToast(page, `User ${username} saved.`);
    await expect.poll(() => row.textContent()).toContain('Account Administrator');

    // A custom role, on the Roles tab (the URL keeps the tab).
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.waitForURL((url) => url.pathname === `${USERS}/roles` && !url.searchParams.has('search'));
    await page.getByRole('button', { name: 'New role' }).click();
    const roleDialog = await waitForDialog(page);
    await fill(page, { 'Role name': roleName });
    await roleDialog.getByRole('checkbox', { name: 'View audit logs' }).check();
    await roleDialog.getByRole('checkbox', { name: 'View users' }).check();
    await roleDialog.getByRole('button', { name: 'Create role' }).click();
    await waitForToast(page, `Role ${roleName} created.`);
    const roleRow = rows(page, 'Roles').filter({ hasText: roleName });
    await roleRow.waitFor();
    expect(await roleRow.textContent()).toContain('2 of');

    // Disable the invited user, after a confirmation; the report names the row.
    await page.getByRole('tab', { name: 'Users' }).click();
    await searchUsers(page, username);
    await page.getByRole('checkbox', { name: `Select ${username}`, exact: true }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Disable' }).click();
    const question = await waitForDialog(page);
    expect(await question.textContent()).toContain(`Disable the user Edda ${run} (${username})?`);
    await question.getByRole('button', { name: 'Yes' }).click();
    expect(await page.getByTestId('batch-report').textContent()).toContain(`Disabled ${username}`);
    await row.getByText('Disabled', { exact: true }).waitFor();
  });

  it('shows the lists to a read-only user with every action disabled', async () => {
    const { page } = browser;
    await signIn(page, Demo.viewer.username);
    await page.goto(USERS);
    await rows(page, 'Users').filter({ hasText: Demo.admin.username }).waitFor();
    expect(await page.getByRole('button', { name: 'Invite user' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: `Edit ${Demo.admin.username}` }).getAttribute('aria-disabled')).toBe('true');

    await page.getByRole('checkbox', { name: `Select ${Demo.admin.username}`, exact: true }).check();
    const disable = page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Disable' });
    expect(await disable.getAttribute('aria-disabled')).toBe('true');
    await disable.hover();
    expect(await page.getByRole('tooltip').textContent()).toBe(`You need the permission “${PERMISSION_DESCRIPTIONS[Permission.usersManage]}” to do this.`);

    await page.getByRole('tab', { name: 'Roles' }).click();
    await table(page, 'Roles').getByText('Read-only').waitFor();
    expect(await page.getByRole('button', { name: 'New role' }).getAttribute('aria-disabled')).toBe('true');
    // Built-in roles can be viewed, never edited.
    expect(await page.getByRole('button', { name: 'View role Read-only' }).isVisible()).toBe(true);
  });

  it('has no accessibility violations on the list and in the role editor', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto(USERS);
    await rows(page, 'Users').filter({ hasText: Demo.admin.username }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'New role' }).click();
    await (await waitForDialog(page)).getByRole('checkbox', { name: 'View users' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
