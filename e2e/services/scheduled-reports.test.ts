import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { startSftpServer } from '../../packages/server/test/sftp-server';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, submit } from '../harness/form';
import { waitForMail } from '../harness/outbox';
import { openNewService } from '../harness/services';
import { DEMO_COMPANY, Demo, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows, settled } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd';
const REPORTS = 'Scheduled reports';
const SFTP_PASSWORD = `Sftp-${run}-Password-5`;
const REPORT = `Daily devices ${run}`;
const RECIPIENT = `ops.${run.toLowerCase()}@demo.test`;

let sftp: Awaited<ReturnType<typeof startSftpServer>>;
/** A port on 127.0.0.1 where nothing listens. */
let closedPort: number;

beforeAll(async () => {
  sftp = await startSftpServer([{ username: 'reports', password: SFTP_PASSWORD }]);
  mkdirSync(join(sftp.root, 'inbox'));
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  await sftp?.close();
});

/** A screenshot of the viewport (a dialog), or of the whole page; toasts on screen are closed first (a click closes one). */
async function shot(page: Page, name: string, fullPage = false) {
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** Picks an option of a Mantine select inside `scope` (a dialog) by the select's label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/**
 * The platform's part: the demo company gets scheduled reports switched on, and loopback (where the test's SFTP
 * server listens) is opened in the egress policy, keeping whatever else it allows.
 */
async function platformSetUp(page: Page) {
  await signInAsPlatformAdmin(page);
  const accounts = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  const demo = accounts.data.find((account) => account.name === DEMO_COMPANY)!;
  await apiCall(page, api.features.setAccountFeature, { params: { account_id: demo.id }, body: { feature_name: 'scheduled_reports', feature_value: true } });
  const policy = await apiCall(page, api.egress.getEgressPolicy, {});
  if (!policy.allowed_ranges.includes('127.0.0.1/32')) {
    await apiCall(page, api.egress.setEgressPolicy, { body: { allowed_ranges: [...policy.allowed_ranges, '127.0.0.1/32'] } });
  }
  await page.context().clearCookies();
}

describe('scheduled reports', () => {
  it('creates a device report in the screen, runs it now, and shows the run: the CSV is on the SFTP server and in the mailbox', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    await platformSetUp(page);
    const serviceId = await openNewService(page, `Reports ${run}`, 'rkms');

    // The service's devices, and its SFTP server with the host key the operator compared and trusted.
    await apiCall(page, api.devices.createDeviceGroups, { body: { groups: [{ group_name: 'Lanes' }] } });
    const serials = [`RP${run}-0001`, `RP${run}-0002`, `RP${run}-0003`];
    await apiCall(page, api.devices.createDevices, { body: { devices: serials.map((serial) => ({ serial, group: 'Lanes' })) } });
    await apiCall(page, api.transfer.createScpServers, {
      body: { servers: [{ name: 'Reports SFTP', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, username: 'reports', secret: SFTP_PASSWORD, remote_directory: 'inbox' }] },
    });
    const tested = await apiCall(page, api.transfer.testScpServer, { body: { name: 'Reports SFTP' } });
    expect(tested.test_result.host_key?.fingerprint).toBe(sftp.hostKey.fingerprint);
    await apiCall(page, api.transfer.trustHostKeys, { body: { host_keys: [{ host: '127.0.0.1', port: sftp.port, fingerprint: sftp.hostKey.fingerprint }] } });

    await page.goto('/home/service/scheduled-reports');
    await sectionLink(page, 'Scheduled Reports', { current: true }).waitFor();
    await settled(page, REPORTS);
    await shot(page, 'reports-01-empty', true);

    // The form: what, when, where.
    await page.getByRole('button', { name: 'New report' }).click();
    const dialog = await waitForDialog(page);
    await field(page, 'Name').fill(REPORT);
    await dialog.getByRole('radio', { name: 'Remote devices' }).check();
    await dialog.getByRole('radio', { name: 'Once a week' }).check();
    await choose(page, dialog, 'Day', 'Wednesday');
    await field(page, 'Time (UTC)').fill('06:30');
    await choose(page, dialog, 'Transfer server', /^Reports SFTP/);
    const recipients = dialog.getByLabel('Mail recipients', { exact: true });
    await recipients.fill('not-an-address');
    await recipients.press('Enter');
    await submit(page, 'Create report');
    await dialog.getByText('Enter an email address').waitFor();
    // Backspace in the empty input takes the last address back out.
    await recipients.press('Backspace');
    await recipients.fill(RECIPIENT);
    await recipients.press('Enter');
    await shot(page, 'reports-02-form');
    await submit(page, 'Create report');
    await waitForToast(page, `Added scheduled report ${REPORT}`);
    await dialog.waitFor({ state: 'detached' });

    const row = rows(page, REPORTS).filter({ hasText: REPORT });
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Every Wednesday at 06:30 UTC');
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Reports SFTP');
    expect(text).toContain(RECIPIENT);
    expect(text).toContain('Not run yet');
    await shot(page, 'reports-03-list', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Run now: queued at once, its outcome toasted once the job has run.
    const before = new Date();
    await page.getByRole('button', { name: `Run now: ${REPORT}` }).click();
    await waitForToast(page, `Queued a run of ${REPORT}`);
    await waitForToast(page, `${REPORT}: delivered (3 rows)`);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Delivered');

    // The history: the run, its file and what each destination did.
    await page.getByRole('button', { name: `${REPORT}, show its runs` }).click();
    const drawer = page.getByRole('dialog', { name: `Runs of ${REPORT}` });
    await drawer.waitFor();
    const runs = drawer.getByRole('list', { name: `Runs of ${REPORT}` }).getByRole('listitem');
    await expect.poll(() => runs.count()).toBe(1);
    const card = (await runs.first().textContent()) ?? '';
    expect(card).toContain('Delivered');
    expect(card).toContain(`Run now by ${Demo.admin.username}`);
    expect(card).toContain('3 rows');
    expect(card).toContain(`Reports SFTP: Delivered inbox/`);
    expect(card).toContain(`Mail: Wrote the mail with`);
    await shot(page, 'reports-04-history');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The CSV on the SFTP server, and the same file attached to the mail.
    const fileName = /(daily-devices-[a-z0-9-]+-\d{8}T\d{6}Z\.csv)/.exec(card)![1]!;
    expect(await readdir(join(sftp.root, 'inbox'))).toEqual([fileName]);
    const csv = await readFile(join(sftp.root, 'inbox', fileName), 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('serial,group,device_model,archived,failed,last_load,created_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(serials.map((serial) => `${serial},Lanes`));
    const mail = await waitForMail(RECIPIENT, before);
    expect(mail).toContain(`Subject: ${REPORT}: Remote devices of Reports ${run}`);
    expect(mail).toMatch(new RegExp(`filename="?${fileName.replaceAll('.', '\\.')}`));
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // A destination that does not answer: the run fails, and the history says why.
    await apiCall(page, api.transfer.createScpServers, {
      body: { servers: [{ name: 'Closed port', protocol: 'sftp', host: '127.0.0.1', port: closedPort, username: 'reports', secret: SFTP_PASSWORD }] },
    });
    const servers = await apiCall(page, api.transfer.listScpServers, { query: { service_id: serviceId } });
    const closed = servers.servers.find((server) => server.name === 'Closed port')!;
    const broken = `Broken delivery ${run}`;
    await apiCall(page, api.scheduledReports.createScheduledReports, {
      body: { reports: [{ name: broken, kind: 'keys', frequency: 'daily', time: '05:00', transfer_server_id: closed.id }] },
    });
    await page.reload();
    await page.getByRole('button', { name: `Run now: ${broken}` }).click();
    await waitForToast(page, `${broken}: failed (0 rows). Connection refused by 127.0.0.1:${closedPort}`);
    await page.getByRole('button', { name: `${broken}, show its runs` }).click();
    const failedDrawer = page.getByRole('dialog', { name: `Runs of ${broken}` });
    await failedDrawer.getByText(`Connection refused by 127.0.0.1:${closedPort}: no server listens there.`).waitFor();
    await shot(page, 'reports-05-failed-run');
    await failedDrawer.getByRole('button', { name: 'Close' }).click();
    await failedDrawer.waitFor({ state: 'detached' });

    // Switched off, it has no next run; the list says so.
    await page.getByRole('button', { name: `More actions for ${REPORT}` }).click();
    await page.getByRole('menuitem', { name: 'Switch off' }).click();
    await waitForToast(page, `Disabled scheduled report ${REPORT}`);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Off');
    await shot(page, 'reports-06-list-after-runs', true);
  });
});
