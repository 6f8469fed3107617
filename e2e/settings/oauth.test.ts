import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../harness/axe';
import { useBrowser } from '../harness/browser';
import { waitForDialog } from '../harness/dialog';
import { fill, submit } from '../harness/form';
import { Demo, signIn, submitSignIn } from '../harness/sign-in';
import { settled } from '../harness/table';
import { waitForToast } from '../harness/toast';

const browser = useBrowser();
const run = randomBytes(3).toString('hex');

/** The partner application's own server: it only receives the browser at its redirect URI. */
let partner: Server;
let callback: string;
beforeAll(async () => {
  partner = createServer((_request, response) => response.end('Partner app: signed in'));
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  callback = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/callback`;
});
afterAll(() => new Promise<void>((resolve) => partner.close(() => resolve())));

describe('OAuth clients and /oauth/authorize', () => {
  it('an administrator registers a partner app, a user consents in the browser, the app calls the API for them until the consent is revoked', async () => {
    const { page, context, baseUrl } = browser;
    await signIn(page, Demo.admin.username);
    await page.goto('/v2/home/settings/credentials');
    await page.getByRole('link', { name: 'OAuth clients' }).click();
    await settled(page, 'OAuth clients');

    const name = `Partner ${run}`;
    await page.getByRole('button', { name: 'New OAuth client' }).click();
    const dialog = await waitForDialog(page);
    await fill(page, { Name: name });
    await dialog.getByRole('textbox', { name: 'Redirect URI 1' }).fill(callback);
    await dialog.getByRole('combobox', { name: 'Owner' }).click();
    await page.getByRole('option', { name: new RegExp(Demo.admin.username) }).click();
    await dialog.getByRole('checkbox', { name: /^Refresh token/ }).check();
    await dialog.getByRole('checkbox', { name: 'View services' }).check();
    await submit(page, 'Create OAuth client');

    const shown = page.getByRole('dialog', { name: `OAuth client ${name} created` });
    await shown.waitFor();
    const copied = async (label: string) => (await shown.getByRole('button', { name: new RegExp(`^Copy ${label} `) }).getAttribute('aria-label'))!.replace(`Copy ${label} `, '');
    const clientId = await copied('client ID');
    const clientSecret = await copied('client secret');
    await shown.getByRole('button', { name: 'I have copied the secret' }).click();
    await page.getByText('Discovery URL').waitFor();
    expect(await page.getByText(callback).count()).toBeGreaterThan(0);

    // The partner app, a real relying party, sends another user's browser to authorize.
    const rp = await oidc.discovery(new URL(`${baseUrl}/oauth2`), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authorizeUrl = oidc.buildAuthorizationUrl(rp, {
      redirect_uri: callback,
      scope: 'openid offline_access services:read',
      prompt: 'consent',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    await context.clearCookies();
    await page.goto(authorizeUrl.href);
    // Not signed in: the consent page sends the user to sign in first, and back.
    await page.waitForURL((url) => url.pathname === '/login' && (url.searchParams.get('continue') ?? '').startsWith('/oauth/authorize'));
    await submitSignIn(page, Demo.viewer.username);
    await page.waitForURL((url) => url.pathname === '/oauth/authorize');
    await page.getByRole('heading', { name: `Authorize ${name}` }).waitFor();
    const granted = page.getByRole('list', { name: 'Permissions to grant' });
    expect(await granted.textContent()).toContain('View services');
    expect(await granted.textContent()).toContain('Stay connected');
    expect(await page.getByText(new URL(callback).origin).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/oauth-consent.png', fullPage: true });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(callback));
    const tokens = await oidc.authorizationCodeGrant(rp, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state });
    const services = await fetch(`${baseUrl}/rest/api/v1/service/services`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(services.status).toBe(200);

    // The viewer sees the app among their connected applications and revokes it: its tokens stop working.
    await page.goto('/v2/home/settings/admin-credentials');
    const apps = page.getByRole('table', { name: 'Connected applications' });
    await apps.getByText(name).waitFor();
    await page.screenshot({ path: '/tmp/oauth-connected-apps.png', fullPage: true });
    await apps.getByRole('button', { name: `Revoke ${name}` }).click();
    await (await waitForDialog(page)).getByRole('button', { name: 'Yes' }).click();
    await waitForToast(page, `${name} no longer has access to your account.`);
    expect((await fetch(`${baseUrl}/rest/api/v1/service/services`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    await expect(oidc.refreshTokenGrant(rp, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
