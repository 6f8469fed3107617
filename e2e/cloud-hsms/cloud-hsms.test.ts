import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import type { EndpointOutput } from '@keydeck/contract/endpoint';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitUntilEnabled } from '../harness/services';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { seedCloudWorld, type CloudWorld } from './cloud-seed';

const browser = useBrowser();
const SHOTS = '/tmp/kd';
/** Provisioning, a health sample (every 30 s) and a cluster sync are background work: generous, bounded waits. */
const BACKGROUND_MS = 90_000;
const KEY_LABEL = 'e2e-key';

type Hsm = EndpointOutput<typeof api.cloudHsms.getCloudHsm>['data'];

async function shot(page: Page, name: string, fullPage = true) {
  await dismissToasts(page);
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/cloud-${name}.png`, fullPage });
}

/** The platform administrator builds what cloud HSMs need; the customer (demo.admin) then waits for the services. */
async function prepare(page: Page, run: string): Promise<CloudWorld> {
  await signInAsPlatformAdmin(page);
  const world = await seedCloudWorld(page, run);
  await page.context().clearCookies();
  await signIn(page, Demo.admin.username);
  await waitUntilEnabled(page, world.cloudHsmsServiceId);
  await waitUntilEnabled(page, world.clusterServiceId);
  return world;
}

/** A cloud HSM requested through the API as the customer, once Enabled. */
async function requestHsm(page: Page, world: CloudWorld, name: string): Promise<Hsm> {
  const { data } = await apiCall(page, api.cloudHsms.requestCloudHsm, {
    params: { account_id: world.accountId, service_id: world.cloudHsmsServiceId },
    body: { name, blueprint_id: world.blueprint.id, zone_id: world.zone.id },
  });
  await expect.poll(async () => (await apiCall(page, api.cloudHsms.getCloudHsm, { params: { hsm_id: data.id } })).data.status, { timeout: BACKGROUND_MS, interval: 500 }).toBe('Enabled');
  return (await apiCall(page, api.cloudHsms.getCloudHsm, { params: { hsm_id: data.id } })).data;
}

/** pkcs11-tool from Debian's opensc, against the HSM's module and token, logged in with `pin`. */
function pkcs11Tool(hsm: Hsm, pin: string, args: string[]): string {
  const { connection } = hsm;
  return execFileSync('pkcs11-tool', ['--module', connection!.module, '--token-label', connection!.token_label, '--login', '--pin', pin, ...args], {
    env: { ...process.env, ...connection!.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
}

/** A select of the dialog by its label (its accessible name leaves out the required field's asterisk). */
const select = (dialog: Locator, label: string) => dialog.getByRole('combobox', { name: label, exact: true });

/** Opens a select of the dialog and picks an option. */
async function pick(page: Page, dialog: Locator, label: string, option: string | RegExp) {
  await select(dialog, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('cloud HSMs', () => {
  it('requests a cloud HSM, connects with pkcs11-tool using the PIN shown once, keeps a two-member cluster in step and deprovisions', { timeout: 420_000 }, async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    const run = randomBytes(3).toString('hex').toUpperCase();
    const world = await prepare(page, run);
    const nameA = `hsm-a-${run.toLowerCase()}`;
    const nameB = `hsm-b-${run.toLowerCase()}`;

    // The hub lists the account's services and opens the Cloud HSMs one.
    await page.goto('/chc');
    await page.getByRole('link', { name: `Open Cloud HSMs ${run}` }).click();
    await page.getByRole('heading', { name: `Cloud HSMs · Cloud HSMs ${run}` }).waitFor();

    // Request one. It is answered Pending Provisioning and the list follows it to Enabled (polled while pending; on
    // this machine provisioning often ends before the first refresh, so the answer and the audit trail show the step).
    await page.getByRole('button', { name: 'Request a cloud HSM' }).click();
    const request = page.getByRole('dialog', { name: 'Request a cloud HSM' });
    await request.getByRole('textbox', { name: 'Name' }).fill(nameA);
    await pick(page, request, 'Blueprint', `Standard ${run}`);
    await expect.poll(() => select(request, 'Location').inputValue()).toContain(`fra-${run.toLowerCase()}`);
    await shot(page, 'request', false);
    await request.getByRole('button', { name: 'Request cloud HSM' }).click();
    await waitForToast(page, `${nameA} requested. It is Pending Provisioning.`);
    const rowA = rows(page, 'Cloud HSMs').filter({ hasText: nameA });
    await expect.poll(() => rowA.textContent(), { timeout: BACKGROUND_MS }).toContain('Enabled');
    expect(await rowA.textContent()).toMatch(/\d+\.\d+\.\d+\.\d+/);
    await shot(page, 'list');

    // Its page: the PINs, shown once.
    await rowA.getByRole('link', { name: nameA, exact: true }).click();
    await page.getByRole('heading', { name: 'Connection details' }).waitFor();
    const trail = rows(page, 'Audit trail');
    await expect.poll(() => trail.allTextContents()).toEqual([expect.stringContaining('Provisioned'), expect.stringContaining('Requested')]);
    await page.getByRole('button', { name: 'Show PINs' }).click();
    const pins = page.getByRole('dialog', { name: `PINs of ${nameA}` });
    await pins.getByText('They will not be shown again').waitFor();
    const userPin = (await pins.getByTestId('secret-user-pin').textContent())!.trim();
    expect(userPin).toMatch(/^\S{12,}$/);
    await shot(page, 'pins', false);
    await pins.getByRole('checkbox', { name: 'I have stored them somewhere safe' }).check();
    await pins.getByRole('button', { name: 'Done' }).click();
    await pins.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('pins-shown').waitFor();
    expect(await page.getByRole('button', { name: 'Show PINs' }).count()).toBe(0);
    expect(await page.content()).not.toContain(userPin);

    // The page's own command line and the PIN it showed reach the token: a key is generated on it.
    const command = (await page.getByTestId('pkcs11-tool-command').textContent())!.trim();
    expect(command).not.toContain(userPin);
    const keygen = `${command.replace(/ --list-objects$/, '')} --pin '${userPin}' --keygen --key-type AES:32 --label ${KEY_LABEL} --id 01 --extractable --sensitive`;
    expect(execFileSync('sh', ['-c', keygen], { stdio: ['ignore', 'pipe', 'pipe'] }).toString()).toContain(KEY_LABEL);
    expect(execFileSync('sh', ['-c', `${command} --pin '${userPin}'`], { stdio: ['ignore', 'pipe', 'pipe'] }).toString()).toContain(`label:      ${KEY_LABEL}`);
    // The next health sample counts it; the page refreshes on its own.
    await expect.poll(() => page.getByTestId('token-objects').textContent(), { timeout: BACKGROUND_MS, interval: 1_000 }).toBe('1');
    await shot(page, 'management');

    // A second HSM, and a cluster of both: the key made on A reaches B, wrapped under the cluster key.
    const hsmB = await requestHsm(page, world, nameB);
    await page.goto('/chc');
    await page.getByRole('link', { name: `Open Clusters ${run}` }).click();
    await page.getByRole('button', { name: 'Create cluster' }).click();
    const create = page.getByRole('dialog', { name: 'Create a cluster' });
    await create.getByRole('textbox', { name: 'Name' }).fill(`Cluster ${run}`);
    await create.getByRole('button', { name: 'Create cluster' }).click();
    await waitForToast(page, `Cluster Cluster ${run} created.`);
    for (const name of [nameA, nameB]) {
      await page.getByRole('region', { name: `Cluster ${run}` }).getByRole('button', { name: 'Add member' }).click();
      const add = page.getByRole('dialog', { name: `Add a member to Cluster ${run}` });
      // Offered with its address: hsm-a-… (10.x.y.z).
      await pick(page, add, 'Cloud HSM', new RegExp(`^${name} \\(`));
      await add.getByRole('button', { name: 'Add member' }).click();
      await add.waitFor({ state: 'detached' });
    }
    const members = `Members of Cluster ${run}`;
    for (const name of [nameA, nameB]) {
      await expect.poll(() => page.getByTestId(`keys-${name}`).textContent(), { timeout: BACKGROUND_MS, interval: 1_000 }).toBe('1');
      expect(await rows(page, members).filter({ hasText: name }).textContent()).toContain('In sync');
    }
    await shot(page, 'clusters');
    const pinB = (await apiCall(page, api.cloudHsms.showCloudHsmPins, { params: { hsm_id: hsmB.id } })).data.user_pin;
    expect(pkcs11Tool(hsmB, pinB, ['--list-objects', '--type', 'secrkey'])).toContain(`label:      ${KEY_LABEL}`);

    await page.goto('/chc');
    await page.getByRole('table', { name: 'Clusters' }).getByText(`Cluster ${run}`).waitFor();
    await shot(page, 'hub');

    // A member cannot be deprovisioned; once the cluster is gone, A is, with its name typed.
    await page.getByRole('link', { name: `Open Clusters ${run}` }).click();
    await page.getByRole('button', { name: `More actions for Cluster ${run}` }).click();
    await page.getByRole('menuitem', { name: 'Delete cluster…' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete cluster' });
    await confirmDelete.getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `Cluster Cluster ${run} deleted.`);

    await page.goto('/chc');
    await page.getByRole('link', { name: `Open Cloud HSMs ${run}` }).click();
    await rowA.getByRole('button', { name: `Deprovision ${nameA}` }).click();
    const deprovision = page.getByRole('dialog', { name: `Deprovision ${nameA}` });
    const go = deprovision.getByRole('button', { name: 'Deprovision' });
    await deprovision.getByRole('textbox').fill(nameA.toUpperCase());
    expect(await go.isDisabled()).toBe(true);
    await deprovision.getByRole('textbox').fill(nameA);
    await shot(page, 'deprovision', false);
    await go.click();
    await waitForToast(page, `${nameA} is being deprovisioned.`);
    await expect.poll(() => rowA.count(), { timeout: BACKGROUND_MS }).toBe(0);
    await page.getByRole('switch', { name: 'Show deprovisioned' }).check();
    await expect.poll(() => rowA.textContent()).toContain('Deprovisioned');
    // The token is gone: the command that reached it finds nothing now.
    expect(() => execFileSync('sh', ['-c', `${command} --pin '${userPin}'`], { stdio: ['ignore', 'pipe', 'pipe'] })).toThrow();
  });

  it('has no accessibility violations on the hub, the list, an HSM’s page and the clusters', { timeout: 240_000 }, async () => {
    const { page } = browser;
    const run = randomBytes(3).toString('hex').toUpperCase();
    const world = await prepare(page, run);
    const hsm = await requestHsm(page, world, `axe-${run.toLowerCase()}`);
    const cluster = (await apiCall(page, api.clusters.createCluster, { params: { account_id: world.accountId, service_id: world.clusterServiceId }, body: { name: `Axe ${run}` } })).data;
    await apiCall(page, api.clusters.addClusterMember, { params: { cluster_id: cluster.id }, body: { hsm_id: hsm.id } });

    const pages: [string, () => Promise<void>][] = [
      ['/chc', () => page.getByRole('table', { name: 'Clusters' }).waitFor()],
      [`/v2/home/accounts/${world.accountId}/services/${world.cloudHsmsServiceId}/cloud-provisioning/cloud-hsms`, () => rows(page, 'Cloud HSMs').first().waitFor()],
      [`/v2/home/services/cloud-hsm-management/${hsm.id}`, () => page.getByRole('heading', { name: 'Connection details' }).waitFor()],
      [`/v2/home/accounts/${world.accountId}/services/${world.clusterServiceId}/cluster-management/clusters`, () => page.getByRole('table', { name: `Members of Axe ${run}` }).waitFor()],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await ready();
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    // The one-time PIN dialog too.
    await page.goto(`/v2/home/services/cloud-hsm-management/${hsm.id}`);
    await page.getByRole('button', { name: 'Show PINs' }).click();
    await page.getByRole('dialog', { name: `PINs of axe-${run.toLowerCase()}` }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
