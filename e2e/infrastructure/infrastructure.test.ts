import { randomInt } from 'node:crypto';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { InfrastructureMessages } from '@keydeck/contract/infrastructure';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fieldError, fill, submit } from '../harness/form';
import { signInAsPlatformAdmin } from '../harness/sign-in';
import { rows } from '../harness/table';
import { waitForToast } from '../harness/toast';
import { sidebarLink } from '../harness/section-nav';

const browser = useBrowser();
/** Keeps this run's names and addresses apart from other runs and files on the same server. */
const run = `e2e${randomInt(100_000, 999_999)}`;
/** 10.20-99.x.0/24: clear of the cloud HSM tests' pools (10.100-250.x.0/28). */
const pool = `10.${randomInt(20, 100)}.${randomInt(0, 256)}.0/24`;

async function openFromNav(page: Page, label: string, path: string): Promise<void> {
  await (await sidebarLink(page, label)).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** Opens a select of the dialog by its label and picks the option. */
async function choose(dialog: Locator, label: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option }).click();
}

/** Opens the button's dialog, fills it, submits it and waits until it has closed on the toast. */
async function saveDialog(page: Page, open: string, fields: () => Promise<void>, button: string, toast: string): Promise<void> {
  await page.getByRole('button', { name: open, exact: true }).click();
  const dialog = await waitForDialog(page);
  await fields();
  await submit(page, button);
  await waitForToast(page, toast);
  await dialog.waitFor({ state: 'detached' });
}

describe('platform infrastructure', () => {
  it('a platform administrator sets up a datacenter, a server, a zone with a pool, a group, a blueprint and a license', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const datacenter = `Frankfurt ${run}`;
    const server = `hsm-01.${run}.example.net`;
    const zone = `fra-${run}`;
    const group = `General ${run}`;
    const blueprint = `Standard ${run}`;
    const model = `SoftHSM2 ${run}`;
    await signInAsPlatformAdmin(page);

    await openFromNav(page, 'Datacenters and servers', '/configuration/datacenter-infrastructure/global_servers');
    await saveDialog(page, 'New datacenter', () => fill(page, { Name: datacenter, Code: `fra-${run}`, Location: 'Frankfurt, Germany' }), 'Create datacenter', `Datacenter ${datacenter} created.`);
    await rows(page, 'Datacenters').filter({ hasText: datacenter }).waitFor();
    await saveDialog(
      page,
      'New server',
      async () => {
        await choose(page.getByRole('dialog'), 'Datacenter', `${datacenter} (fra-${run}) · Frankfurt, Germany`);
        await fill(page, { Hostname: server, Address: '10.250.0.11' });
      },
      'Create server',
      `Server ${server} created.`,
    );
    const serverRow = rows(page, 'Servers').filter({ hasText: server });
    await serverRow.waitFor();
    expect(await serverRow.textContent()).toContain('Provisioner');
    expect(await rows(page, 'Datacenters').filter({ hasText: datacenter }).textContent()).toContain('1 server');

    await openFromNav(page, 'IPAM zones', '/configuration/cloud-product/ipam-zones');
    await saveDialog(
      page,
      'New zone',
      async () => {
        await fill(page, { Name: zone });
        await choose(page.getByRole('dialog'), 'Datacenter', `${datacenter} (fra-${run}) · Frankfurt, Germany`);
      },
      'Create zone',
      `IPAM zone ${zone} created.`,
    );
    await saveDialog(page, `Add pool to ${zone}`, () => fill(page, { CIDR: pool }), 'Add pool', `Pool ${pool} added to ${zone}.`);
    await page.getByRole('table', { name: `Pools of ${zone}` }).getByText(pool, { exact: true }).waitFor();

    // A pool inside the first is refused on the CIDR field, in the server's words.
    const inside = pool.replace('.0/24', '.128/25');
    await page.getByRole('button', { name: `Add pool to ${zone}`, exact: true }).click();
    const refused = await waitForDialog(page);
    await fill(page, { CIDR: inside });
    await submit(page, 'Add pool');
    await expect.poll(() => fieldError(page, 'CIDR')).toBe(InfrastructureMessages.poolOverlap(inside, pool, zone));
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(await accessibilityViolations(page)).toEqual([]);

    await openFromNav(page, 'Provisioner groups', '/configuration/cloud-product/chsm-provisioner-groups');
    await saveDialog(
      page,
      'New group',
      async () => {
        await fill(page, { Name: group });
        await choose(page.getByRole('dialog'), 'IPAM zone', `${zone} · ${datacenter}`);
      },
      'Create group',
      `Provisioner group ${group} created.`,
    );

    await openFromNav(page, 'Blueprints', '/configuration/cloud-product/blueprints');
    await saveDialog(
      page,
      'New blueprint',
      async () => {
        await fill(page, { Name: blueprint, Model: model });
        await choose(page.getByRole('dialog'), 'Provisioner group', `${group} · ${zone}`);
      },
      'Create blueprint',
      `Blueprint ${blueprint} created.`,
    );
    expect(await rows(page, 'Blueprints').filter({ hasText: blueprint }).textContent()).toContain('Enabled');

    await openFromNav(page, 'Product licenses', '/configuration/cloud-product/licenses');
    await saveDialog(page, 'New license', () => fill(page, { Model: model, Reference: `LIC-${run}` }), 'Create license', `License LIC-${run} created.`);
    expect(await rows(page, 'Licenses').filter({ hasText: `LIC-${run}` }).textContent()).toContain('0 / 10');
  });

  it('shows the built-in provisioner up', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await openFromNav(page, 'Provisioners', '/configuration/cloud-product/chsm-provisioners');
    const builtin = rows(page, 'Provisioners').filter({ hasText: `builtin-${hostname()}` });
    await builtin.getByText('Up', { exact: true }).waitFor();
  });

  it('opens each dashboard with its charts', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    const dashboards: [string, string, string[]][] = [
      ['CryptoHub customers', '/admin-dashboards/cryptohub/customer-infrastructure', ['Clusters per account', 'Cluster members by state']],
      [
        'On-demand HSM customers',
        '/admin-dashboards/odh/customer-infrastructure',
        ['Cloud HSMs by status', 'Cloud HSMs per location', 'Top accounts', 'Cloud HSMs requested per day'],
      ],
      [
        'Provisioning',
        '/admin-dashboards/odh/provisioning-infrastructure',
        ['Capacity per provisioner', 'Address utilisation per zone', 'Provisioning duration', 'Failed runs per day'],
      ],
    ];
    for (const [label, path, charts] of dashboards) {
      await openFromNav(page, label, path);
      for (const title of charts) await page.getByRole('region', { name: title }).getByRole('heading', { name: title }).waitFor();
    }
    // The built-in provisioner registered itself: its capacity is charted, not an empty state.
    await expect.poll(() => page.getByRole('region', { name: 'Capacity per provisioner' }).getByTestId('chart-empty').count()).toBe(0);
  });
});
