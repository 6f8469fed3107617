import type { AuthInfo } from '@keydeck/contract/auth';
import { continueTargetOrHome } from '../lib/continue-url';
import { isLoggedIn, mustSetUpMfa } from '../lib/session';

export const MFA_SETUP_PATH = '/login/mfa/setup';
/**
 * The OAuth consent page wears the login group's background but is for signed-in users: they stay on it (after any
 * MFA setup their company owes), where the group's other pages send them on. Signed-out visitors sign in first
 * (route-redirects.ts signInFirst).
 */
export const OAUTH_AUTHORIZE_PATH = '/oauth/authorize';

/** What the navigation must do instead of (or before) showing the screen. */
export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'login'; continueTo: string }
  | { kind: 'mfa-setup'; continueTo: string }
  | { kind: 'redirect'; href: string };

export interface GuardInput {
  session: AuthInfo | null;
  /** staticData.requiresAuth of the leaf route, or of the group it sits in. */
  requiresAuth: boolean;
  /** True for pages of the login group (/login...). */
  loginGroup: boolean;
  pathname: string;
  /** Path, query and hash being opened. */
  href: string;
  /** The continue query parameter, if any. */
  continueParam: unknown;
  origin: string;
}

/** Spec §2 routing rules as one pure decision; the root route's beforeLoad applies it. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { session, requiresAuth, loginGroup, pathname, href } = input;
  const target = () => continueTargetOrHome(input.continueParam, input.origin);

  if (!isLoggedIn(session)) {
    return requiresAuth ? { kind: 'login', continueTo: href } : { kind: 'allow' };
  }
  const mfaRequired = mustSetUpMfa(session);
  if (pathname === MFA_SETUP_PATH) {
    return mfaRequired ? { kind: 'allow' } : { kind: 'redirect', href: target() };
  }
  if (pathname === OAUTH_AUTHORIZE_PATH) return mfaRequired ? { kind: 'mfa-setup', continueTo: href } : { kind: 'allow' };
  if (requiresAuth && mfaRequired) return { kind: 'mfa-setup', continueTo: href };
  if (loginGroup) return { kind: 'redirect', href: target() };
  return { kind: 'allow' };
}
