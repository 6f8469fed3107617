import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { Demo, signIn } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { createDemoService, waitUntilEnabled } from '../harness/services';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');



/** The cell texts of a table's rows, cell by cell. */
const cells = (page: Page, name: string) => rows(page, name).evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));

describe('service users and groups', () => {
  it('opens a service session, adds a group and a user, and shows who is on the service', async () => {
    const { page } = browser;
    const name = `Users ${run}`;
    const serviceId = await createDemoService(page, name);
    await signIn(page, Demo.admin.username);
    await waitUntilEnabled(page, serviceId);

    // Without a service session the screen says what to do.
    await page.goto('/home/service/admin');
    await page.getByText('No service selected').waitFor();

    await page.goto(`/home/services/${serviceId}?action=login`);
    const login = await waitForDialog(page);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service users' }).click();
    await page.getByRole('heading', { name: `${name}: users and groups` }).waitFor();
    await settled(page, 'Service users');
    expect(await cells(page, 'Service users')).toContainEqual([Demo.admin.username, Demo.admin.name, 'Administrators', 'Available', expect.any(String)]);

    // A new group under Root with Key at Modify and User at View.
    await page.getByRole('tab', { name: 'Groups' }).click();
    await settled(page, 'Service user groups');
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = await waitForDialog(page);
    await fill(page, { Name: `Operators ${run}` });
    await groupDialog.getByRole('radiogroup', { name: 'Key access' }).getByText('Modify').click();
    await groupDialog.getByRole('radiogroup', { name: 'User access' }).getByText('View').click();
    await submit(page, 'Create group');
    await waitForToast(page, `Group Operators ${run} created.`);
    await groupDialog.waitFor({ state: 'detached' });
    await settled(page, 'Service user groups');
    expect(await cells(page, 'Service user groups')).toContainEqual([`Operators ${run}`, 'Root', 'Offline', '0', 'Key: Modify, User: View', expect.any(String)]);
    expect(await cells(page, 'Service user groups')).toContainEqual(['Administrators', 'Root', 'Available', expect.any(String), expect.any(String), expect.any(String)]);

    // The viewer joins that group; they have no service session, so they show Offline.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = await waitForDialog(page);
    // Both are comboboxes: the user picker suggests the company's users, the group one lists the service's groups.
    await userDialog.getByRole('combobox', { name: 'User', exact: true }).fill(Demo.viewer.username);
    // On to the next field as a keyboard user does: the suggestions close when the user field loses focus.
    await userDialog.getByRole('combobox', { name: 'User', exact: true }).press('Tab');
    await userDialog.getByRole('combobox', { name: 'Group', exact: true }).click();
    await page.getByRole('option', { name: `Operators ${run}` }).click();
    await userDialog.getByRole('button', { name: 'Add user', exact: true }).click();
    await waitForToast(page, `${Demo.viewer.username} added to Operators ${run}.`);
    await userDialog.waitFor({ state: 'detached' });
    await settled(page, 'Service users');
    expect(await cells(page, 'Service users')).toContainEqual([Demo.viewer.username, Demo.viewer.name, `Operators ${run}`, 'Offline', expect.any(String)]);
    // Nobody is offered to remove themselves (the server refuses it); the others can be removed.
    expect(await page.getByRole('button', { name: `Remove ${Demo.admin.username}`, exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Remove ${Demo.viewer.username}`, exact: true }).count()).toBe(1);

    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
