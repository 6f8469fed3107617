import { lazyScreen } from '../lazy-screen';
import { owingFactor, signInFirst } from '../route-redirects';
import * as Search from '../route-search';
import { query, screen } from '../screen';
import { loginGroup } from './root.routes';

/** Sign-in, password recovery, second factors, consent and sign-up: the public group (login background). */
const login = screen(loginGroup, 'login', {
  title: 'Sign in',
  search: query(Search.validateLoginSearch),
  component: lazyScreen(() => import('../../features/auth/pages/login.page'), 'LoginPage'),
});
const forgot = screen(loginGroup, 'forgot', {
  title: 'Forgot password',
  search: query(Search.validateForgotSearch),
  component: lazyScreen(() => import('../../features/auth/pages/forgot.page'), 'ForgotPage'),
});
const forgotVerify = screen(loginGroup, 'forgot/verify', {
  title: 'Checking your link',
  search: query(Search.validatePasswordLinkSearch),
  component: lazyScreen(() => import('../../features/auth/pages/forgot-verify.page'), 'ForgotVerifyPage'),
});
const forgotReset = screen(loginGroup, 'forgot/reset', {
  title: 'Choose a password',
  search: query(Search.validatePasswordLinkSearch),
  component: lazyScreen(() => import('../../features/auth/pages/forgot-reset.page'), 'ForgotResetPage'),
});
const totpComplete = screen(loginGroup, 'login/totp/complete', {
  title: 'Two-step verification',
  search: query(Search.validateContinueSearch),
  beforeLoad: owingFactor('totp'),
  component: lazyScreen(() => import('../../features/auth/pages/totp-complete.page'), 'TotpCompletePage'),
});
const u2fComplete = screen(loginGroup, 'login/u2f/complete', {
  title: 'Two-step verification',
  search: query(Search.validateContinueSearch),
  beforeLoad: owingFactor('u2f'),
  component: lazyScreen(() => import('../../features/auth/pages/u2f-complete.page'), 'U2fCompletePage'),
});
const mfaSetup = screen(loginGroup, 'login/mfa/setup', {
  requiresAuth: true,
  title: 'Multi-factor authentication required',
  search: query(Search.validateContinueSearch),
  component: lazyScreen(() => import('../../features/mfa/pages/mfa-setup.page'), 'MfaSetupPage'),
});
// Where an identity provider sends the browser back after an OpenID sign-in.
const openidComplete = screen(loginGroup, 'login/openid/complete', {
  title: 'Signing you in',
  search: query(Search.validateOpenidCompleteSearch),
  component: lazyScreen(() => import('../../features/auth/pages/openid-complete.page'), 'OpenidCompletePage'),
});
// An application asks the signed-in user's consent (OAuth 2 authorization code); signed out, sign-in comes first.
const oauthAuthorize = screen(loginGroup, 'oauth/authorize', {
  title: 'Authorize an application',
  search: query(Search.validateOAuthAuthorizeSearch),
  beforeLoad: signInFirst,
  component: lazyScreen(() => import('../../features/oauth/pages/oauth-authorize.page'), 'OAuthAuthorizePage'),
});
// Self-service sign-up: the confirmation mail's link opens /register?token=, the marketplaces theirs.
const register = screen(loginGroup, 'register', {
  title: 'Create an account',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../../features/registration/pages/register.page'), 'RegisterPage'),
});
const azureRegister = screen(loginGroup, 'register/azure', {
  title: 'Create an account · Azure Marketplace',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../../features/registration/pages/marketplace-register.page'), 'AzureRegisterPage'),
});
const googleMarketplace = screen(loginGroup, 'google-marketplace', {
  title: 'Create an account · Google Cloud Marketplace',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../../features/registration/pages/marketplace-register.page'), 'GoogleMarketplacePage'),
});

export const publicScreens = [login, forgot, forgotVerify, forgotReset, totpComplete, u2fComplete, mfaSetup, openidComplete, oauthAuthorize, register, azureRegister, googleMarketplace] as const;
