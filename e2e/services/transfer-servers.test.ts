import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { apiCall } from '../harness/api';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field } from '../harness/form';
import { Demo, signInAsPlatformAdmin } from '../harness/sign-in';
import { openNewService } from '../harness/services';
import { rows, settled } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';
import { sshKeygen, startSftpServer } from '../../packages/server/test/sftp-server';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd';
const SERVERS = 'Transfer servers';
const HOST_KEYS = 'Host keys';
const PASSWORD = `Sftp-${randomBytes(9).toString('base64url')}-1`;
const clientKey = sshKeygen('ed25519');

let sftp: Awaited<ReturnType<typeof startSftpServer>>;
beforeAll(async () => {
  sftp = await startSftpServer([
    { username: 'reports', password: PASSWORD },
    { username: 'keyed', publicKey: clientKey.publicKey },
  ]);
  await mkdir(join(sftp.root, 'inbox'));
});
afterAll(() => sftp?.close());

/** A screenshot of the viewport (a dialog), or of the whole page; toasts on screen are closed first (a click closes one). */
async function shot(page: Page, name: string, fullPage = false) {
  await dismissToasts(page);
  // Controls finish their colour transitions (a radio just checked).
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/transfer-${name}.png`, fullPage });
}

/** The platform's egress policy opens loopback, where the harness's SFTP server listens, beside what it opened already. */
async function openLoopback(page: Page) {
  await signInAsPlatformAdmin(page);
  const policy = await apiCall(page, api.egress.getEgressPolicy, {});
  const allowed = [...new Set([...policy.allowed_ranges, '127.0.0.1/32'])];
  await apiCall(page, api.egress.setEgressPolicy, { body: { allowed_ranges: allowed } });
  await page.context().clearCookies();
}

function serverRow(page: Page, name: string): Locator {
  return rows(page, SERVERS).filter({ hasText: name });
}

async function testConnection(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Test the connection to ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Connection test: ${name}` });
  await dialog.waitFor();
  await dialog.getByRole('status').filter({ hasText: /works|not trusted|changed|failed/ }).waitFor();
  return dialog;
}

async function closeDialog(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await dialog.waitFor({ state: 'detached' });
}

describe('transfer servers', () => {
  it('adds an SFTP server, tests it, trusts its host key after comparing the fingerprint, tests again, and stops on a changed key', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    await openLoopback(page);
    await openNewService(page, `Transfers ${run}`, 'rkms');

    await page.goto('/home/service/transfer-servers');
    await sectionLink(page, 'Transfer Servers', { current: true }).waitFor();
    await settled(page, SERVERS);
    await settled(page, HOST_KEYS);
    await shot(page, '01-empty', true);

    // Add the server; the form shows what each protocol and sign-in method asks for.
    const name = `Reports ${run}`;
    await page.getByRole('button', { name: 'Add transfer server' }).click();
    const add = await waitForDialog(page);
    await field(page, 'Name').fill(name);
    await field(page, 'Host').fill('127.0.0.1');
    await field(page, 'Port').fill(String(sftp.port));
    await field(page, 'User name').fill('reports');
    await field(page, 'Remote directory').fill('inbox');
    await add.getByRole('radio', { name: 'SSH private key' }).check();
    await shot(page, '02-add-key');
    await add.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'FTPS (explicit TLS)' }).click();
    await add.getByRole('textbox', { name: 'CA certificate (PEM)' }).waitFor();
    expect(await add.getByRole('radio').count()).toBe(0);
    await shot(page, '03-add-ftps');
    await add.getByRole('combobox', { name: 'Protocol' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'SFTP' }).click();
    await add.getByRole('radio', { name: 'Password' }).check();
    await add.locator('input[type="password"]').fill(PASSWORD);
    await shot(page, '04-add-password');
    expect(await accessibilityViolations(page)).toEqual([]);
    await add.getByRole('button', { name: 'Add server' }).click();
    await waitForToast(page, `Added transfer server ${name}`);
    await add.waitFor({ state: 'detached' });
    await expect.poll(() => serverRow(page, name).textContent()).toContain('Not seen yet');

    // The first test records the host key and sends nothing: the key awaits an operator's comparison.
    const first = await testConnection(page, name);
    await first.getByText('The host key is not trusted yet').waitFor();
    expect(await first.textContent()).toContain(sftp.hostKey.fingerprint);
    await shot(page, '05-test-pending');
    expect(await accessibilityViolations(page)).toEqual([]);
    await first.getByRole('button', { name: 'Compare and trust…' }).click();
    await first.waitFor({ state: 'detached' });

    // The administrator of the server read its fingerprint with ssh-keygen -lf; the operator compares it with the one shown.
    const trust = page.getByRole('dialog', { name: `Host key of 127.0.0.1:${sftp.port}` });
    await trust.waitFor();
    expect(await trust.getByTestId('host-key-fingerprint').textContent()).toBe(sftp.hostKey.fingerprint);
    expect(await trust.textContent()).toContain('ssh-ed25519');
    await trust.getByRole('textbox', { name: 'Fingerprint from the administrator' }).fill(sftp.hostKey.fingerprint);
    await trust.getByText('The fingerprints match.').waitFor();
    await trust.getByRole('checkbox', { name: /I compared the fingerprint/ }).check();
    await shot(page, '06-trust');
    expect(await accessibilityViolations(page)).toEqual([]);
    await trust.getByRole('button', { name: 'Trust this key' }).click();
    await waitForToast(page, `Trusted host key ${sftp.hostKey.fingerprint} of 127.0.0.1:${sftp.port}`);
    await trust.waitFor({ state: 'detached' });

    const keyRow = rows(page, HOST_KEYS).filter({ hasText: sftp.hostKey.fingerprint });
    await expect.poll(() => keyRow.textContent()).toContain('Trusted');
    expect(await keyRow.textContent()).toContain(Demo.admin.username);
    await expect.poll(() => serverRow(page, name).textContent()).toContain('Trusted');

    // Trusted: the test signs in and lists the directory.
    const second = await testConnection(page, name);
    await second.getByText('The connection works').waitFor();
    expect(await second.textContent()).toContain(`Connected to 127.0.0.1:${sftp.port}, signed in as reports and listed inbox (0 entries).`);
    await shot(page, '07-test-success');
    await closeDialog(second);
    // An FTPS server beside it (added through the API, never connected to): FTP has no SSH host key.
    await apiCall(page, api.transfer.createFtpServers, {
      body: { servers: [{ name: `Audit ${run}`, protocol: 'ftps', host: 'ftp.example.com', username: 'audit', secret: 'Ftp-Password-1', remote_directory: '/audit' }] },
    });
    await page.reload();
    await serverRow(page, `Audit ${run}`).waitFor();
    expect(await serverRow(page, `Audit ${run}`).textContent()).toContain('TLS certificate (no SSH host key)');
    await shot(page, '08-trusted', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A server signing in with a key: its public half, to install on the remote account, is shown once saved.
    const keyed = `Keyed ${run}`;
    await page.getByRole('button', { name: 'Add transfer server' }).click();
    const addKeyed = await waitForDialog(page);
    await field(page, 'Name').fill(keyed);
    await field(page, 'Host').fill('127.0.0.1');
    await field(page, 'Port').fill(String(sftp.port));
    await field(page, 'User name').fill('keyed');
    await addKeyed.getByRole('radio', { name: 'SSH private key' }).check();
    await addKeyed.getByRole('textbox', { name: 'Private key' }).fill(clientKey.privateKey);
    await addKeyed.getByRole('button', { name: 'Add server' }).click();
    const publicKey = page.getByRole('dialog', { name: `Public key of ${keyed}` });
    await publicKey.waitFor();
    expect((await publicKey.getByLabel('Public key').textContent())!.split(' ').slice(0, 2)).toEqual(clientKey.publicKey.split(' ').slice(0, 2));
    await shot(page, '09-public-key');
    await closeDialog(publicKey);
    const keyedTest = await testConnection(page, keyed);
    await keyedTest.getByText('The connection works').waitFor();
    await closeDialog(keyedTest);

    // Editing keeps the stored secret unless it would go elsewhere.
    await page.getByRole('button', { name: `More actions for ${keyed}` }).click();
    await page.getByRole('menuitem', { name: 'Edit…' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${keyed}` });
    await edit.waitFor();
    await edit.getByText('Leave empty to keep the stored private key', { exact: false }).waitFor();
    await shot(page, '10-edit');
    await field(page, 'Port').fill('2222');
    await edit.getByText('Enter the private key again', { exact: false }).first().waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // The server's key changes: the test refuses, naming the trusted and the new fingerprint, until the new one is confirmed.
    const old = sftp.hostKey;
    const replacement = sshKeygen('ed25519');
    await sftp.restart(replacement);
    const third = await testConnection(page, name);
    await third.getByText('The host key has changed').waitFor();
    const thirdText = (await third.textContent()) ?? '';
    expect(thirdText).toContain(old.fingerprint);
    expect(thirdText).toContain(replacement.fingerprint);
    await shot(page, '11-test-changed');
    await third.getByRole('button', { name: 'Review the new key…' }).click();
    const review = page.getByRole('dialog', { name: `New host key of 127.0.0.1:${sftp.port}` });
    await review.waitFor();
    expect(await review.textContent()).toContain(old.fingerprint);
    expect(await review.getByTestId('host-key-fingerprint').textContent()).toBe(replacement.fingerprint);
    await shot(page, '12-trust-changed');
    expect(await accessibilityViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Cancel' }).click();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => serverRow(page, name).textContent()).toContain('Key changed');
    await shot(page, '13-changed', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Confirmed from the host keys table, the new key replaces the old one and transfers work again.
    await rows(page, HOST_KEYS).filter({ hasText: replacement.fingerprint }).getByRole('button', { name: /^Trust the host key/ }).click();
    const confirmNew = page.getByRole('dialog', { name: `New host key of 127.0.0.1:${sftp.port}` });
    await confirmNew.waitFor();
    await confirmNew.getByRole('checkbox', { name: /I compared the fingerprint/ }).check();
    await confirmNew.getByRole('button', { name: 'Trust the new key' }).click();
    await waitForToast(page, `Trusted host key ${replacement.fingerprint} of 127.0.0.1:${sftp.port}`);
    await expect.poll(() => rows(page, HOST_KEYS).count()).toBe(1);
    const fourth = await testConnection(page, name);
    await fourth.getByText('The connection works').waitFor();
    await closeDialog(fourth);
  }, 120_000);
});
