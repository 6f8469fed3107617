import { describe, expect, it } from 'vitest';
import type { AuthInfo } from '@keydeck/contract/auth';
import { decideNavigation, OAUTH_AUTHORIZE_PATH, type GuardInput } from './route-guard';

const origin = 'https://console.keydeck.test';

function session(overrides: Partial<AuthInfo> = {}, user: Partial<AuthInfo['user']> = {}): AuthInfo {
  return {
    user: { name: 'Ada Admin', email: 'ada@demo.test', account_id: 'a1', mfa_enforced: false, ...user },
    company: { id: 'c1', name: 'Demo Company', api_name: 'demo', account_slug: 'demo' },
    permissions: ['server-status:read'],
    permissible_services: [],
    fully_logged_in: true,
    next_factor: null,
    mfa_enabled: false,
    ...overrides,
  };
}

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    session: null,
    requiresAuth: true,
    loginGroup: false,
    pathname: '/home',
    href: '/home',
    continueParam: undefined,
    origin,
    ...overrides,
  };
}

describe('decideNavigation', () => {
  it('sends a signed-out visitor of a protected page to login with the page as continue target', () => {
    const href = '/v2/home/settings/server-status?x=1';
    expect(decideNavigation(input({ pathname: '/v2/home/settings/server-status', href }))).toEqual({
      kind: 'login',
      continueTo: href,
    });
  });

  it('treats a pending second factor as signed out', () => {
    const partial = session({ fully_logged_in: false, next_factor: 'totp' });
    expect(decideNavigation(input({ session: partial })).kind).toBe('login');
  });

  it('lets a signed-out visitor open the login page', () => {
    expect(decideNavigation(input({ requiresAuth: false, loginGroup: true, pathname: '/login' }))).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-in user away from the login page to the safe continue target or /home', () => {
    const login = { requiresAuth: false, loginGroup: true, pathname: '/login', session: session() };
    expect(decideNavigation(input({ ...login, continueParam: '/v2/home/settings/server-status' }))).toEqual({
      kind: 'redirect',
      href: '/v2/home/settings/server-status',
    });
    expect(decideNavigation(input({ ...login, continueParam: '//evil.example' }))).toEqual({
      kind: 'redirect',
      href: '/home',
    });
  });

  it('sends a user whose company enforces MFA to the setup page from every protected page', () => {
    const enforced = session({ mfa_enabled: false }, { mfa_enforced: true });
    expect(decideNavigation(input({ session: enforced, href: '/home?a=b' }))).toEqual({
      kind: 'mfa-setup',
      continueTo: '/home?a=b',
    });
    expect(
      decideNavigation(input({ session: enforced, loginGroup: true, pathname: '/login/mfa/setup' })),
    ).toEqual({ kind: 'allow' });
  });

  it('sends a user who needs no MFA setup from the setup page to the continue target', () => {
    const enrolled = session({ mfa_enabled: true }, { mfa_enforced: true });
    const decision = decideNavigation(
      input({ session: enrolled, loginGroup: true, pathname: '/login/mfa/setup', continueParam: '/home' }),
    );
    expect(decision).toEqual({ kind: 'redirect', href: '/home' });
  });

  it('keeps a signed-in user on the OAuth consent page, which the login group shows, after any MFA setup owed', () => {
    const href = `${OAUTH_AUTHORIZE_PATH}?uid=Xq3k9_TmVbA2-pLz`;
    const consent = { requiresAuth: false, loginGroup: true, pathname: OAUTH_AUTHORIZE_PATH, href, continueParam: undefined };
    expect(decideNavigation(input({ ...consent, session: session() }))).toEqual({ kind: 'allow' });
    const enforced = session({ mfa_enabled: false }, { mfa_enforced: true });
    expect(decideNavigation(input({ ...consent, session: enforced }))).toEqual({ kind: 'mfa-setup', continueTo: href });
    // Signed out, the guard lets it open: the page's own beforeLoad (signInFirst) sends the visitor to sign in.
    expect(decideNavigation(input(consent))).toEqual({ kind: 'allow' });
  });

  it('lets a signed-in user open a protected page', () => {
    expect(decideNavigation(input({ session: session() }))).toEqual({ kind: 'allow' });
  });
});
