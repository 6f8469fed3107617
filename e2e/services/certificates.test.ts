import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { field, fieldError } from '../harness/form';
import { openNewService } from '../harness/services';
import { rows, settled } from '../harness/table';
import { dismissToasts, waitForToast } from '../harness/toast';
import { sectionLink } from '../harness/section-nav';

const browser = useBrowser();
const run = randomBytes(3).toString('hex').toUpperCase();
const SHOTS = '/tmp/kd';
const OPENSSL = '/usr/bin/openssl';
const CAS = 'Certificate authorities';
const CERTIFICATES = 'Issued certificates';
const ROOT = 'Demo Root';
const ISSUING = 'Demo Issuing';
// The server's words for a malformed request (Messages.csrMalformed), as the CSR field shows them.
const CSR_MALFORMED = 'This is not a PEM certificate signing request (PKCS#10): paste the whole block, BEGIN and END lines included.';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydeck-certificates-'));
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** openssl's exit status and everything it printed (verify results go to stdout or stderr, by command). */
function openssl(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(OPENSSL, args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A screenshot of the viewport (a dialog), or of the whole page; toasts on screen are closed first (a click closes one). */
async function shot(page: Page, name: string, fullPage = false) {
  await dismissToasts(page);
  await page.screenshot({ path: `${SHOTS}/ca-${name}.png`, fullPage });
}

/** Picks an option of a Mantine select inside `scope` (a dialog) by the select's label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Clicks what starts a download and keeps the file under `name` in the test's directory; answers the browser's file name. */
async function download(page: Page, start: () => Promise<void>, name: string): Promise<{ suggested: string; path: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = join(dir, name);
  await file.saveAs(path);
  return { suggested: file.suggestedFilename(), path };
}

async function rowAction(page: Page, label: string, item: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** PEM blocks of a file, in order. */
const pemBlocks = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];

async function createCa(page: Page, button: string, values: { name: string; cn: string; parent?: string; algorithm: string; pathLength?: string }, screenshot: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = await waitForDialog(page);
  await field(page, 'CA name').fill(values.name);
  if (values.parent) await choose(page, dialog, 'Parent CA', values.parent);
  await field(page, 'Common name (CN)').fill(values.cn);
  await field(page, 'Organization (O)').fill('Demo Company');
  await field(page, 'Country (C)').fill('de');
  await choose(page, dialog, 'Key algorithm', values.algorithm);
  if (values.pathLength !== undefined) await field(page, 'Path length').fill(values.pathLength);
  await shot(page, screenshot);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await waitForToast(page, `Created certificate authority ${values.name}`);
  await dialog.waitFor({ state: 'detached' });
}

async function closeReport(page: Page, title: string, screenshot?: string): Promise<string> {
  const report = page.getByRole('dialog', { name: title });
  await report.waitFor();
  const text = (await report.getByRole('list', { name: 'Results' }).textContent()) ?? '';
  if (screenshot) await shot(page, screenshot);
  await report.getByRole('button', { name: 'Close' }).first().click();
  await report.waitFor({ state: 'detached' });
  return text;
}

describe('certificate authorities', () => {
  it('creates a root and an intermediate CA, issues from an openssl CSR, revokes, and the chain and CRL verify with openssl', async () => {
    const { page } = browser;
    // The terminal's key and request, made by openssl as an operator's customer would.
    execFileSync(OPENSSL, ['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=terminal.example', '-keyout', 'k.pem', '-out', 'r.pem'], {
      cwd: dir,
      stdio: 'ignore',
    });

    await openNewService(page, `Certificates ${run}`, 'rkms');

    await page.goto('/home/service/certificate-authorities');
    await sectionLink(page, 'Certificate Authorities', { current: true }).waitFor();
    await settled(page, CAS);
    await page.getByTestId('table-empty').waitFor();
    await shot(page, '01-empty', true);

    // A root, then an intermediate under it that may sign no further CA.
    await createCa(page, 'Create root CA', { name: ROOT, cn: 'Demo Root CA', algorithm: 'ECDSA P-384' }, '02-create-root');
    await createCa(page, 'Create intermediate CA', { name: ISSUING, cn: 'Demo Issuing CA', parent: ROOT, algorithm: 'ECDSA P-256', pathLength: '0' }, '03-create-intermediate');
    await expect.poll(async () => await rows(page, CAS).allTextContents()).toEqual([
      expect.stringContaining(`${ROOT}Root CA`),
      expect.stringContaining(`${ISSUING}Under ${ROOT}`),
    ]);
    expect(await rows(page, CAS).nth(1).textContent()).toContain('EC P-256');
    await shot(page, '04-tree', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The intermediate's details, and its chain (its certificate, then the root's).
    await page.getByRole('button', { name: `Details of ${ISSUING}`, exact: true }).click();
    const drawer = await waitForDialog(page);
    expect(await drawer.textContent()).toContain(`Intermediate CA, signed by ${ROOT}`);
    expect(await drawer.textContent()).toContain('CN=Demo Root CA');
    await shot(page, '05-details');
    const caChain = await download(page, () => drawer.getByRole('button', { name: 'Download chain' }).click(), 'ca-chain.pem');
    expect(caChain.suggested).toBe('Demo-Issuing-chain.pem');
    const [issuingPem, rootPem] = pemBlocks(await readFile(caChain.path, 'utf8'));
    expect(rootPem).toBeDefined();
    await writeFile(join(dir, 'issuing.pem'), issuingPem!);
    await writeFile(join(dir, 'root.pem'), rootPem!);
    expect(openssl('verify', '-CAfile', 'root.pem', 'issuing.pem')).toEqual({ status: 0, output: 'issuing.pem: OK\n' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // Certificate Management: a malformed request is refused on its field, the openssl one is issued.
    await sectionLink(page, 'Certificate Management').click();
    await sectionLink(page, 'Certificate Management', { current: true }).waitFor();
    await settled(page, CERTIFICATES);
    await page.getByRole('button', { name: 'Issue certificate', exact: true }).click();
    const issue = await waitForDialog(page);
    await choose(page, issue, 'Issuing CA', ISSUING);
    await field(page, 'Certificate signing request (PEM)').fill('-----BEGIN CERTIFICATE REQUEST-----\nnot a request\n-----END CERTIFICATE REQUEST-----');
    await issue.getByRole('button', { name: 'Issue certificate', exact: true }).click();
    await expect.poll(() => fieldError(page, 'Certificate signing request (PEM)')).toBe(CSR_MALFORMED);
    await shot(page, '06-csr-refused');
    const chooser = page.waitForEvent('filechooser');
    await issue.getByRole('button', { name: 'Choose a CSR file' }).click();
    await (await chooser).setFiles(join(dir, 'r.pem'));
    await expect.poll(() => field(page, 'Certificate signing request (PEM)').inputValue()).toContain('-----BEGIN CERTIFICATE REQUEST-----');
    await expect.poll(() => fieldError(page, 'Certificate signing request (PEM)')).toBeNull();
    // The field's red border fades out in 100 ms once the error is gone.
    await page.waitForTimeout(200);
    await shot(page, '07-issue');
    await issue.getByRole('button', { name: 'Issue certificate', exact: true }).click();
    const pem = (await issue.getByTestId('issued-pem').textContent())!;
    expect(pem).toContain('-----BEGIN CERTIFICATE-----');
    await shot(page, '08-issued');
    const leaf = await download(page, () => issue.getByRole('button', { name: 'Download certificate' }).click(), 'leaf.pem');
    const serial = leaf.suggested.replace(/\.pem$/, '');
    expect(serial).toMatch(/^[0-9A-F]{32}$/);
    expect((await readFile(leaf.path, 'utf8')).trim()).toBe(pem.trim());
    const chain = await download(page, () => issue.getByRole('button', { name: 'Download chain' }).click(), 'leaf-chain.pem');
    expect(chain.suggested).toBe(`${serial}-chain.pem`);
    const blocks = pemBlocks(await readFile(chain.path, 'utf8'));
    expect(blocks.map((block) => block.trim())).toEqual([pem.trim(), issuingPem!.trim(), rootPem!.trim()]);
    await writeFile(join(dir, 'untrusted.pem'), blocks.slice(1, -1).join(''));
    await writeFile(join(dir, 'anchor.pem'), blocks.at(-1)!);
    expect(openssl('verify', '-CAfile', 'anchor.pem', '-untrusted', 'untrusted.pem', '-purpose', 'sslserver', 'leaf.pem')).toEqual({ status: 0, output: 'leaf.pem: OK\n' });
    // The certificate certifies the request's key.
    expect(openssl('x509', '-in', 'leaf.pem', '-noout', '-pubkey').output).toBe(openssl('pkey', '-in', 'k.pem', '-pubout').output);
    await issue.getByRole('button', { name: 'Done' }).click();
    await issue.waitFor({ state: 'detached' });

    // The list: serial, subject and SAN-less subject, CA, status; a search narrows it.
    await expect.poll(async () => (await rows(page, CERTIFICATES).allTextContents()).join('\n')).toContain(serial);
    const row = rows(page, CERTIFICATES).filter({ hasText: serial });
    expect(await row.textContent()).toContain('CN=terminal.example');
    expect(await row.textContent()).toContain(ISSUING);
    expect(await row.textContent()).toContain('Valid');
    const search = page.getByRole('searchbox', { name: 'Search by subject, alternative name or serial' });
    await search.fill('nothing-like-this');
    await page.getByTestId('table-empty').waitFor();
    await search.fill('terminal');
    await row.waitFor();
    await settled(page, CERTIFICATES);
    expect(await page.getByTestId('table-empty').count()).toBe(0);
    await shot(page, '09-certificates', true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Revoke it, with a reason; the report answers in the server's words.
    await page.getByRole('checkbox', { name: `Select certificate ${serial}` }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Revoke' }).click();
    const revoke = await waitForDialog(page);
    await choose(page, revoke, 'Reason', 'Key compromise');
    await shot(page, '10-revoke');
    await revoke.getByRole('button', { name: 'Revoke certificate', exact: true }).click();
    expect(await closeReport(page, 'Revoke certificates: result', '11-revoke-report')).toContain(`Revoked certificate ${serial}`);
    await expect.poll(async () => (await rows(page, CERTIFICATES).filter({ hasText: serial }).textContent()) ?? '').toContain('RevokedKey compromise');
    await page.getByLabel('Status', { exact: true }).selectOption('valid');
    await page.getByTestId('table-empty').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('revoked');
    await row.waitFor();

    // The intermediate's CRL, PEM and DER: signed by it, and listing the certificate.
    await sectionLink(page, 'Certificate Authorities').click();
    await settled(page, CAS);
    await page.getByRole('button', { name: `Actions for ${ISSUING}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Download CRL (PEM)' }).waitFor();
    await shot(page, '14-row-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const crl = await download(page, () => rowAction(page, `Actions for ${ISSUING}`, 'Download CRL (PEM)'), 'issuing.crl.pem');
    expect(crl.suggested).toBe('Demo-Issuing.crl.pem');
    expect(openssl('crl', '-in', 'issuing.crl.pem', '-noout', '-verify', '-CAfile', 'issuing.pem')).toEqual({ status: 0, output: 'verify OK\n' });
    expect(openssl('crl', '-in', 'issuing.crl.pem', '-noout', '-text').output).toContain(`Serial Number: ${serial}`);
    const der = await download(page, () => rowAction(page, `Actions for ${ISSUING}`, 'Download CRL (DER)'), 'issuing.crl');
    expect(der.suggested).toBe('Demo-Issuing.crl');
    expect(openssl('crl', '-inform', 'DER', '-in', 'issuing.crl', '-noout', '-verify', '-CAfile', 'issuing.pem')).toEqual({ status: 0, output: 'verify OK\n' });
    // With the CRL, openssl refuses the leaf as revoked.
    await writeFile(join(dir, 'trusted.pem'), `${issuingPem}${rootPem}`);
    const checked = openssl('verify', '-crl_check', '-CRLfile', 'issuing.crl.pem', '-CAfile', 'trusted.pem', 'leaf.pem');
    expect(checked.status).not.toBe(0);
    expect(checked.output).toContain('certificate revoked');
    await expect.poll(async () => (await rows(page, CAS).nth(1).textContent()) ?? '').toContain('1 issued1 not expired');

    // Deleting the intermediate asks twice: it issued a certificate that has not expired.
    await page.getByRole('checkbox', { name: `Select CA ${ISSUING}` }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    const first = page.getByRole('dialog', { name: `Delete ${ISSUING}` });
    await first.waitFor();
    expect(await first.textContent()).toContain('Its key is destroyed in the keystore');
    await first.getByRole('button', { name: 'Yes' }).click();
    const second = page.getByRole('dialog', { name: 'Delete CAs with unexpired certificates' });
    await second.waitFor();
    expect(await second.textContent()).toContain(`${ISSUING} issued 1 certificate that has not expired.`);
    await shot(page, '12-delete-confirm');
    await second.getByRole('button', { name: 'Yes' }).click();
    expect(await closeReport(page, 'Delete certificate authorities: result', '13-delete-report')).toContain(`${ISSUING}: Successfully deleted certificate authority`);
    await expect.poll(() => rows(page, CAS).count()).toBe(1);
    await sectionLink(page, 'Certificate Management').click();
    await settled(page, CERTIFICATES);
    await page.getByTestId('table-empty').waitFor();
  });
});
