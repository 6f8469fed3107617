import { createSocket, type Socket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import { accessibilityViolations } from '../harness/axe';
import { apiCall } from '../harness/api';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { Demo, signIn, signInAsPlatformAdmin } from '../harness/sign-in';
import { rows } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');
const TABLE = 'Syslog servers';

/** RFC 5424 §6: <PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID STRUCTURED-DATA MSG; local0 (16) × 8 + informational (6) = 134. */
const TEST_LINE = /^<134>1 \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}) \S+ \S+ \d+ syslog\.test \[keydeck@32473 [^\]]+\] Keydeck test message/;

/** A syslog server on a UDP port of 127.0.0.1 that keeps every datagram it receives. */
let listener: Socket;
const received: string[] = [];

beforeAll(async () => {
  listener = createSocket('udp4');
  listener.on('message', (datagram) => received.push(datagram.toString('utf8')));
  await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', resolve));
});
afterAll(() => listener.close());

/** A TCP port nothing listens on: connections to it are refused. */
async function closedTcpPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function openSyslogFromNav(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Syslog' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/v2/home/settings/syslog-server-configs/'));
  await page.getByRole('heading', { name: 'Syslog servers' }).waitFor();
  return page.url().split('/').at(-1)!.split('?')[0]!;
}

describe('syslog settings', () => {
  // The test receivers listen on 127.0.0.1, which the egress policy closes until a platform administrator opens it.
  it('lets a platform administrator open loopback in the egress policy', async () => {
    const { page } = browser;
    await signInAsPlatformAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Egress policy' }).click();
    await page.waitForURL((url) => url.pathname === '/configuration/egress-policy');
    const ranges = page.getByLabel('Allowed despite the defaults');
    await ranges.fill('not an address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('“not an address” is not an IPv4 or IPv6 address or range').waitFor();
    await ranges.fill('127.0.0.1');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'The egress policy was saved.');
    expect(await ranges.inputValue()).toBe('127.0.0.1/32');
    await page.screenshot({ path: '/tmp/shots/egress-policy.png', fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('adds a UDP server, sends a test message it receives as RFC 5424, and shows a refused test in red', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    const accountId = await openSyslogFromNav(page);
    const { port } = listener.address();
    const name = `Collector ${run}`;

    await page.getByRole('button', { name: 'Add syslog server' }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { Name: name, Host: '127.0.0.1', Port: String(port) });
    await dialog.getByRole('radio', { name: 'UDP' }).check();
    await dialog.getByRole('combobox', { name: 'Facility' }).click();
    await page.getByRole('option', { name: /^local0 \(16\)/ }).click();
    await submit(page, 'Add server');
    await waitForToast(page, `Syslog server ${name} added.`);
    await dialog.waitFor({ state: 'detached' });

    const row = rows(page, TABLE).filter({ hasText: name });
    expect(await row.textContent()).toContain(`127.0.0.1:${port}`);
    expect(await row.textContent()).toContain('local0 (16)');
    await page.getByRole('button', { name: `Send test message to ${name}` }).click();
    const result = page.getByTestId('syslog-test-result');
    await result.getByText('Test message delivered').waitFor();
    await expect.poll(() => received.find((line) => line.includes('syslog.test'))?.trim(), { timeout: 5_000 }).toMatch(TEST_LINE);

    // A server that refuses the connection: the test says so in red, with the error.
    const refusing = `Refusing ${run}`;
    await apiCall(page, api.syslog.createSyslogConfig, {
      params: { account_id: accountId },
      body: { name: refusing, host: '127.0.0.1', port: await closedTcpPort(), protocol: 'tcp' },
    });
    await rows(page, TABLE).filter({ hasText: refusing }).waitFor({ timeout: 8_000 });
    await page.getByRole('button', { name: `Send test message to ${refusing}` }).click();
    await result.getByText('Test message not delivered').waitFor();
    expect(await result.textContent()).toMatch(/ECONNREFUSED|refused/i);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('edits and deletes a server; a name already used lands on the Name field', async () => {
    const { page } = browser;
    await signIn(page, Demo.admin.username);
    const accountId = await openSyslogFromNav(page);
    const first = `First ${run}`;
    const second = `Second ${run}`;
    for (const name of [first, second]) {
      await apiCall(page, api.syslog.createSyslogConfig, {
        params: { account_id: accountId },
        body: { name, host: 'syslog.example.com', port: 514, protocol: 'udp', enabled: false },
      });
    }

    await rows(page, TABLE).filter({ hasText: second }).waitFor({ timeout: 8_000 });
    await page.getByRole('button', { name: `Edit ${second}` }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { Name: first });
    await submit(page, 'Save changes');
    await dialog.getByText('The account already has a syslog server with this name.').waitFor();
    await fill(page, { Name: `${second} TLS` });
    await dialog.getByRole('radio', { name: 'TLS' }).check();
    expect(await dialog.getByRole('textbox', { name: 'Port' }).inputValue()).toBe('6514');
    await dialog.getByLabel('CA certificate').waitFor();
    await submit(page, 'Save changes');
    await waitForToast(page, `Syslog server ${second} TLS saved.`);
    expect(await rows(page, TABLE).filter({ hasText: `${second} TLS` }).textContent()).toContain('syslog.example.com:6514');

    await page.getByRole('button', { name: `Delete ${first}` }).click();
    const question = await waitForDialog(page);
    await question.getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `Syslog server ${first} removed.`);
    await rows(page, TABLE).filter({ hasText: first }).waitFor({ state: 'detached' });
  });
});
