import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { oauthApi } from '@keydeck/contract/oauth.api';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedService } from '../../../server/test/fixtures.ts';
import { startKeydeck, type Keydeck } from '../../test/harness.ts';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let k: Keydeck;
let browser: Browser;
let oauthClientId: string;
const config = () => join(k.home, 'keydeck', 'config.json');
const tokenCache = () => join(k.home, 'keydeck', 'tokens-default.json');
const cachedTokens = () => JSON.parse(readFileSync(tokenCache(), 'utf8')) as { access_token: string; refresh_token?: string; expires_at: number; kind: string };

beforeAll(async () => {
  k = await startKeydeck({ web: true });
  await seedService(k.t.database.db, k.acme.accountId, { name: 'Payments HSM' });
  // The CLI's client, as an administrator registers it: public (PKCE, no secret), redirecting to the loopback on
  // whatever port the CLI finds free (RFC 8252 §7.3).
  const created = await k.admin.of(oauthApi).createOAuthClient({
    params: { account_id: k.acme.accountId },
    body: { name: 'keydeck CLI', type: 'public', owner_user_id: k.acme.userIds['acme-admin']!, redirect_uris: ['http://127.0.0.1/callback'], grant_types: ['authorization_code', 'refresh_token'], scopes: ['services:read'] },
  });
  if (!('data' in created)) throw new Error('registering the client awaits approval');
  oauthClientId = created.data.client.id;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await k.close();
});

/** The user in the browser: signs in at the console's page the address leads to, and allows the CLI. */
async function signInAndAllow(address: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(address);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Username', { exact: true }).fill('acme-admin');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/oauth/authorize');
  await page.getByRole('heading', { name: 'Authorize keydeck CLI' }).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
  const redirect = new URL(address).searchParams.get('redirect_uri')!;
  expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  await page.waitForURL((url) => url.href.startsWith(redirect));
  const shown = await page.textContent('body');
  await context.close();
  return shown;
}

describe('keydeck login (browser, authorization code with PKCE)', () => {
  it('opens the browser at the console, and once the user allows it, the next command is signed in', async () => {
    // The "browser" is a script that records the address it was asked to open.
    const opened = join(k.home, 'opened-url');
    const fakeBrowser = join(k.home, 'browser.sh');
    writeFileSync(fakeBrowser, `#!/bin/sh\nprintf %s "$1" > '${opened}'\n`);
    chmodSync(fakeBrowser, 0o755);
    const login = k.spawn(['--url', k.url, 'login', '--oauth-client', oauthClientId, '--scope', 'services:read'], { env: { KEYDECK_BROWSER: fakeBrowser } });
    await login.stderrMatch(/Opened the browser/);
    expect(await signInAndAllow(readFileSync(opened, 'utf8'))).toContain('Signed in to keydeck');
    const { code, stdout, stderr } = await login.done;
    expect(stderr).toContain(`Signed in to ${k.url} (profile default)`);
    expect(code).toBe(0);
    expect(stdout).toBe('');

    const tokens = cachedTokens();
    expect(tokens.kind).toBe('oauth');
    expect(tokens.refresh_token).toBeTruthy();
    expect(statSync(tokenCache()).mode & 0o777).toBe(0o600);
    expect(stderr).not.toContain(tokens.access_token);

    const list = await k.run(['services', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Payments HSM');
  });

  it('refreshes the access token with the refresh token once it has expired', async () => {
    const before = cachedTokens();
    writeFileSync(tokenCache(), JSON.stringify({ ...before, expires_at: Date.now() - 1000 }), { mode: 0o600 });
    const list = await k.run(['services', 'list']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    const after = cachedTokens();
    expect(after.access_token).not.toBe(before.access_token);
    // The server rotates refresh tokens: the new one is kept.
    expect(after.refresh_token).not.toBe(before.refresh_token);
  });

  it('logs out: the tokens are revoked on the server and forgotten here', async () => {
    const { refresh_token: refresh, access_token: access } = cachedTokens();
    const logout = await k.run(['logout']);
    expect(logout.code).toBe(0);
    const list = await k.run(['services', 'list']);
    expect(list.code).toBe(3);
    expect(list.stderr).toContain('Not signed in');
    const services = await fetch(`${k.url}/rest/api/v1/service/services`, { headers: { authorization: `Bearer ${access}` } });
    expect(services.status).toBe(401);
    // The revoked refresh token no longer renews: put back, it is refused, and the user is told to sign in.
    writeFileSync(tokenCache(), JSON.stringify({ url: k.url, client_id: oauthClientId, kind: 'oauth', access_token: access, refresh_token: refresh, expires_at: 0 }), { mode: 0o600 });
    const again = await k.run(['services', 'list']);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('run keydeck login');
  });

  it('prints the address with --no-browser, and gives up after --timeout with exit 3', async () => {
    const login = await k.run(['--url', k.url, 'login', '--oauth-client', oauthClientId, '--port', '0', '--no-browser', '--timeout', '1']);
    expect(login.stderr).toMatch(/Open this address in a browser to sign in:\nhttp:\/\/127\.0\.0\.1:\d+\/oauth2\/auth\?/);
    expect(login.stderr).toContain('No sign-in within 1 s');
    expect(login.code).toBe(3);
  });
});

describe('keydeck configure (API credential)', () => {
  it('writes a 0600 profile with the secret read from stdin, which later commands sign in with', async () => {
    const credential = await k.credential(['services:read']);
    const configure = await k.run(['--profile', 'ci', '--url', k.url, '--client-id', credential.client_id, 'configure'], { input: `${credential.client_secret}\n` });
    expect(configure.stderr).toContain('Profile ci signs in');
    expect(configure.code).toBe(0);
    expect(statSync(config()).mode & 0o777).toBe(0o600);
    expect(configure.stderr).not.toContain(credential.client_secret);

    const list = await k.run(['--profile', 'ci', 'services', 'list', '--output', 'csv']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('Payments HSM');
  });

  it('refuses a wrong secret (writing nothing), and a config file others may read', async () => {
    const credential = await k.credential(['services:read']);
    const wrong = await k.run(['--profile', 'wrong', '--url', k.url, '--client-id', credential.client_id, 'configure'], { env: { KEYDECK_CLIENT_SECRET: 'not-it' } });
    expect(wrong.code).toBe(3);
    expect(JSON.parse(readFileSync(config(), 'utf8')).profiles.wrong).toBeUndefined();

    chmodSync(config(), 0o644);
    const open = await k.run(['--profile', 'ci', 'services', 'list']);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('chmod 600');
    chmodSync(config(), 0o600);
  });
});
