import { createRootRouteWithContext, createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountsListQuery } from '@keydeck/contract/accounts';
import { auditListQuery } from '@keydeck/contract/audit';
import { rolesListQuery } from '@keydeck/contract/roles';
import { usersListQuery } from '@keydeck/contract/users';
import { portRangesQuery } from '@keydeck/contract/port-ranges';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog';
import { licensesQuery } from '@keydeck/contract/licenses';
import { identityProvidersQuery } from '@keydeck/contract/identity-providers';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { usersSettingsSearch } from '../features/users/users-settings.search';
import { accountServicesListQuery, servicesDashboardSearch, serviceWorkspaceSearch } from '../features/services/services.search';
import { continueTargetOrHome } from '../lib/continue-url';
import { isLoggedIn, sessionQueryOptions } from '../lib/session';
import { lenientSearch, searchDefaults } from '../lib/ui/list-search';
import { enforceDecision } from './enforce-decision';
import { lazyScreen } from './lazy-screen';
import { decideNavigation } from './route-guard';
import {
  validateContinueSearch,
  validateForgotSearch,
  validateLoginSearch,
  validateOpenidCompleteSearch,
  validatePasswordLinkSearch,
  validateTokenSearch,
} from './route-search';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RoutePending } from './route-pending';
import '../lib/route-static-data';

export interface RouterContext {
  queryClient: QueryClient;
  /** Starts downloading the code of these routes' screens (see router.ts). */
  preloadScreens: (routeIds: string[]) => void;
}

/** Route id of the pathless login-group layout below; the guard sends signed-in users away from its pages. */
const LOGIN_GROUP_ID = '/login-group';

/**
 * THE route table (spec §2). Every screen route declares staticData: whether it needs a session and
 * which permission opens it. The root guard applies the routing rules to every navigation; the shell
 * builds its navigation from `nav` and shows the no-permission screen from `permission`.
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  // The root only frames; each leaf below says whether it needs a session.
  staticData: { requiresAuth: false },
  component: RootLayout,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
  beforeLoad: async ({ context, location, matches, preload }) => {
    // The screen's code downloads while the session is checked, not after.
    context.preloadScreens(matches.map((match) => match.routeId));
    const session = await context.queryClient.ensureQueryData({ ...sessionQueryOptions, revalidateIfStale: true });
    const leaf = matches.at(-1);
    const decision = decideNavigation({
      session,
      // A route that forgets to declare it is treated as protected.
      requiresAuth: leaf?.staticData.requiresAuth ?? true,
      loginGroup: matches.some((match) => match.routeId === LOGIN_GROUP_ID),
      pathname: location.pathname,
      href: location.href,
      continueParam: (location.search as Record<string, unknown>).continue,
      origin: window.location.origin,
    });
    enforceDecision(decision, { announce: !preload, message: Messages.sessionExpiredRedirect });
  },
});

/** "/" only redirects: to /home (or the safe continue target) when signed in, else to /login. */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateContinueSearch,
  staticData: { requiresAuth: false },
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!isLoggedIn(session)) throw redirect({ to: '/login' });
    throw redirect({ href: continueTargetOrHome(search.continue) });
  },
});

// Public group (login background).
const loginGroupRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'login-group',
  staticData: { requiresAuth: false },
  component: lazyScreen(() => import('../features/auth/components/login-layout'), 'LoginLayout'),
});

const loginRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  staticData: { requiresAuth: false, title: 'Sign in' },
  component: lazyScreen(() => import('../features/auth/pages/login.page'), 'LoginPage'),
});

/** Where an identity provider sends the browser back after an OpenID sign-in. */
const openidCompleteRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'login/openid/complete',
  validateSearch: validateOpenidCompleteSearch,
  staticData: { requiresAuth: false, title: 'Signing you in' },
  component: lazyScreen(() => import('../features/auth/pages/openid-complete.page'), 'OpenidCompletePage'),
});

const mfaSetupRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'login/mfa/setup',
  validateSearch: validateContinueSearch,
  staticData: { requiresAuth: true, title: 'Multi-factor authentication required' },
  component: lazyScreen(() => import('../features/auth/pages/mfa-setup.page'), 'MfaSetupPage'),
});

// Password recovery and invitations (spec §2): public, in the login layout, their query as inputs.
const forgotRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'forgot',
  validateSearch: validateForgotSearch,
  staticData: { requiresAuth: false, title: 'Forgot password' },
  component: lazyScreen(() => import('../features/auth/pages/forgot.page'), 'ForgotPage'),
});

const forgotVerifyRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'forgot/verify',
  validateSearch: validatePasswordLinkSearch,
  staticData: { requiresAuth: false, title: 'Checking your link' },
  component: lazyScreen(() => import('../features/auth/pages/forgot-verify.page'), 'ForgotVerifyPage'),
});

const forgotResetRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'forgot/reset',
  validateSearch: validatePasswordLinkSearch,
  staticData: { requiresAuth: false, title: 'Choose a password' },
  component: lazyScreen(() => import('../features/auth/pages/forgot-reset.page'), 'ForgotResetPage'),
});

// Self-service sign-up (spec §2): public; the confirmation mail's link opens /register?token=.
const registerRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'register',
  validateSearch: validateTokenSearch,
  staticData: { requiresAuth: false, title: 'Create an account' },
  component: lazyScreen(() => import('../features/registration/pages/register.page'), 'RegisterPage'),
});

const azureRegisterRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'register/azure',
  validateSearch: validateTokenSearch,
  staticData: { requiresAuth: false, title: 'Create an account · Azure Marketplace' },
  component: lazyScreen(() => import('../features/registration/pages/marketplace-register.page'), 'AzureRegisterPage'),
});

const googleMarketplaceRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'google-marketplace',
  validateSearch: validateTokenSearch,
  staticData: { requiresAuth: false, title: 'Create an account · Google Cloud Marketplace' },
  component: lazyScreen(() => import('../features/registration/pages/marketplace-register.page'), 'GoogleMarketplacePage'),
});

/** The TOTP step of sign-in: only for a session that owes its authenticator code. */
const totpCompleteRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'login/totp/complete',
  validateSearch: validateContinueSearch,
  staticData: { requiresAuth: false, title: 'Two-step verification' },
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session?.next_factor !== 'totp') throw redirect({ to: '/login', search });
  },
  component: lazyScreen(() => import('../features/auth/pages/totp-complete.page'), 'TotpCompletePage'),
});

/** The security-key step of sign-in: only for a session that owes a touch of its key. */
const u2fCompleteRoute = createRoute({
  getParentRoute: () => loginGroupRoute,
  path: 'login/u2f/complete',
  validateSearch: validateContinueSearch,
  staticData: { requiresAuth: false, title: 'Two-step verification' },
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session?.next_factor !== 'u2f') throw redirect({ to: '/login', search });
  },
  component: lazyScreen(() => import('../features/auth/pages/u2f-complete.page'), 'U2fCompletePage'),
});

// Main shell.
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  staticData: { requiresAuth: true },
  component: lazyScreen(() => import('./shell/app-shell'), 'AppShellLayout'),
});

const homeRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'home',
  staticData: { requiresAuth: true, title: 'Home', nav: { label: 'Home' } },
  component: lazyScreen(() => import('../features/home/pages/home.page'), 'HomePage'),
});

/** The services dashboard (spec §2): the account's services, the current one and its service session. */
const servicesDashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'home/services/{-$service_id}',
  ...listSearch(servicesDashboardSearch),
  staticData: {
    requiresAuth: true,
    permission: Permission.servicesRead,
    title: 'Services',
    nav: { label: 'Services', description: 'Your services: select one and log in to work in it.' },
  },
  component: lazyScreen(() => import('../features/services/pages/services-dashboard.page'), 'ServicesDashboardPage'),
});

/** The current service's workspace; its sections are tabs named by ?section=. */
const serviceWorkspaceRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'home/service',
  validateSearch: lenientSearch(serviceWorkspaceSearch),
  staticData: { requiresAuth: true, permission: Permission.servicesRead, title: 'Service' },
  component: lazyScreen(() => import('../features/services/pages/service-workspace.page'), 'ServiceWorkspacePage'),
});

/** The current service's users and groups (spec §2 /home/service/admin). */
const serviceAdminRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'home/service/admin',
  staticData: {
    requiresAuth: true,
    permission: Permission.servicesRead,
    title: 'Service users and groups',
    nav: { label: 'Service users', description: 'Who may work in the current service, and what each group may do.' },
  },
  component: lazyScreen(() => import('../features/service-users/pages/service-admin.page'), 'ServiceAdminPage'),
});

/** The catalogue: the service types the account may request. */
const keyManagementServicesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'key-management-services',
  staticData: {
    requiresAuth: true,
    permission: Permission.servicesRead,
    title: 'Request a service',
    nav: { label: 'Request a service', description: 'The service types your account can request.' },
  },
  component: lazyScreen(() => import('../features/services/pages/service-catalogue.page'), 'ServiceCataloguePage'),
});

const serverStatusRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/server-status',
  staticData: {
    requiresAuth: true,
    permission: Permission.serverStatusRead,
    title: 'Server status',
    nav: {
      label: 'Server status',
      group: 'Settings',
      description: 'Versions of the Keydeck server and web console.',
    },
  },
  component: lazyScreen(() => import('../features/admin/pages/server-status.page'), 'ServerStatusPage'),
});

/** Settings › General (first of the Settings group): the company and its licenses, read-only. */
const generalSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/general',
  ...listSearch(licensesQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.companyRead,
    title: 'General',
    nav: { label: 'General', group: 'Settings', description: 'Your company and the licenses it holds.' },
  },
  component: lazyScreen(() => import('../features/company/pages/general-settings.page'), 'GeneralSettingsPage'),
});

const companySettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/company-settings',
  staticData: {
    requiresAuth: true,
    permission: Permission.companyRead,
    title: 'Company settings',
    nav: { label: 'Company settings', group: 'Settings', description: 'Account settings and the IP allowlist.' },
  },
  component: lazyScreen(() => import('../features/company/pages/company-settings.page'), 'CompanySettingsPage'),
});

/** Settings › Identity providers: the OpenID Connect providers of the user's own account. */
const identityProvidersSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/identity-providers',
  ...listSearch(identityProvidersQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.companyManage,
    title: 'Identity providers',
    nav: { label: 'Identity providers', group: 'Settings', description: 'Let your users sign in with your OpenID Connect provider.' },
  },
  component: lazyScreen(() => import('../features/identity-providers/pages/identity-providers-settings.page'), 'IdentityProvidersSettingsPage'),
});

/** Settings › Sign-in & MFA: every signed-in user's own second factors. */
const mfaSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/admin-credentials',
  staticData: {
    requiresAuth: true,
    title: 'Sign-in & MFA',
    nav: { label: 'Sign-in & MFA', group: 'Settings', description: 'Your authenticator app and recovery codes.' },
  },
  component: lazyScreen(() => import('../features/mfa/pages/mfa-settings.page'), 'MfaSettingsPage'),
});

/** Lists keep paging, order and filters in the URL, validated with the contract's query schema; spec §9 defaults are left out of it. */
function listSearch<S extends z.ZodObject>(schema: S) {
  return {
    validateSearch: lenientSearch(schema),
    search: { middlewares: [stripSearchParams<z.output<S>, never, Partial<z.output<S>>>(searchDefaults(schema))] },
  };
}
const accountAuditQuery = auditListQuery.omit({ account_id: true });

/** Users and roles, as two tabs; the URL keeps the tab and its list's paging. */
const usersSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/users',
  ...listSearch(usersSettingsSearch),
  staticData: {
    requiresAuth: true,
    permission: Permission.usersRead,
    title: 'Users',
    nav: { label: 'Users', group: 'Settings', description: 'Invite users, give them roles, and define what each role may do.' },
  },
  component: lazyScreen(() => import('../features/users/pages/users-settings.page'), 'UsersSettingsPage'),
});
const accountPortRangesQuery = portRangesQuery.omit({ account_id: true });

/** Customer settings: the user's own account's syslog servers (the nav link fills in their account id). */
const syslogSettingsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/settings/syslog-server-configs/$account_id',
  ...listSearch(syslogConfigsListQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.syslogRead,
    title: 'Syslog',
    nav: { label: 'Syslog', group: 'Settings', description: 'Forward audit events to your syslog servers and watch delivery.' },
  },
  component: lazyScreen(() => import('../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
});

const auditLogsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/home/audit-logs',
  ...listSearch(auditListQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.auditRead,
    title: 'Audit logs',
    nav: { label: 'Audit logs', description: 'Who signed in and changed what, with an integrity check.' },
  },
  component: lazyScreen(() => import('../features/audit/pages/audit-logs.page'), 'AuditLogsPage'),
});

// Admin.
const portRangesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/admin/company-management/port-ranges',
  ...listSearch(portRangesQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.platformAdmin,
    title: 'Port ranges',
    nav: { label: 'Port ranges', group: 'Administration', description: 'Port ranges of the platform and the accounts they are assigned to.' },
  },
  component: lazyScreen(() => import('../features/port-ranges/pages/port-ranges.page'), 'PortRangesPage'),
});

const accountsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/admin/company-management/accounts',
  ...listSearch(accountsListQuery),
  staticData: {
    requiresAuth: true,
    permission: Permission.platformAdmin,
    title: 'Accounts',
    nav: { label: 'Accounts', group: 'Administration', description: 'Create, change and disable company accounts.' },
  },
  component: lazyScreen(() => import('../features/accounts/pages/accounts.page'), 'AccountsPage'),
});

/**
 * One account: a header above tabs. Each child with staticData.tab is a tab (in this order): adding a
 * section is adding a child here.
 */
const accountRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: 'v2/admin/company-management/accounts/$account_id',
  staticData: { requiresAuth: true, permission: Permission.platformAdmin, title: 'Account' },
  component: lazyScreen(() => import('../features/accounts/pages/account-layout.page'), 'AccountLayoutPage'),
});

const accountTab = <const P extends string>(path: P, label: string) => ({
  getParentRoute: () => accountRoute,
  path,
  staticData: { requiresAuth: true, permission: Permission.platformAdmin, title: `Account · ${label}`, tab: { label } },
});

/** The default child is company. */
const accountIndexRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: '/',
  staticData: { requiresAuth: true, permission: Permission.platformAdmin },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/v2/admin/company-management/accounts/$account_id/company', params, replace: true });
  },
});

const accountCompanyRoute = createRoute({
  ...accountTab('company', 'Company'),
  component: lazyScreen(() => import('../features/accounts/pages/account-company.page'), 'AccountCompanyPage'),
});

const accountUsersRoute = createRoute({
  ...accountTab('users', 'Users'),
  ...listSearch(usersListQuery.omit({ account_id: true })),
  component: lazyScreen(() => import('../features/users/pages/account-users.page'), 'AccountUsersPage'),
});

const accountRolesRoute = createRoute({
  ...accountTab('roles', 'Roles'),
  ...listSearch(rolesListQuery.omit({ account_id: true })),
  component: lazyScreen(() => import('../features/users/pages/account-roles.page'), 'AccountRolesPage'),
});

const accountWhitelistRoute = createRoute({
  ...accountTab('whitelist', 'Whitelist'),
  component: lazyScreen(() => import('../features/accounts/pages/account-whitelist.page'), 'AccountWhitelistPage'),
});

const accountAuditLogsRoute = createRoute({
  ...accountTab('audit-logs', 'Audit logs'),
  ...listSearch(accountAuditQuery),
  component: lazyScreen(() => import('../features/accounts/pages/account-audit-logs.page'), 'AccountAuditLogsPage'),
});

const accountPortRangesRoute = createRoute({
  ...accountTab('port-ranges', 'Port ranges'),
  ...listSearch(accountPortRangesQuery),
  component: lazyScreen(() => import('../features/port-ranges/pages/account-port-ranges.page'), 'AccountPortRangesPage'),
});

const accountServicesRoute = createRoute({
  ...accountTab('services', 'Services'),
  ...listSearch(accountServicesListQuery),
  component: lazyScreen(() => import('../features/services/pages/account-services.page'), 'AccountServicesPage'),
});

const accountFeaturesRoute = createRoute({
  ...accountTab('account-features', 'Features'),
  component: lazyScreen(() => import('../features/account-features/pages/account-features.page'), 'AccountFeaturesPage'),
});

const accountSyslogRoute = createRoute({
  ...accountTab('syslog-server-configs', 'Syslog'),
  ...listSearch(syslogConfigsListQuery),
  component: lazyScreen(() => import('../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
});

const accountLicensesRoute = createRoute({
  ...accountTab('licenses', 'Licenses'),
  ...listSearch(licensesQuery),
  component: lazyScreen(() => import('../features/licenses/pages/account-licenses.page'), 'AccountLicensesPage'),
});

const accountIdentityProvidersRoute = createRoute({
  ...accountTab('identity-providers', 'Identity providers'),
  ...listSearch(identityProvidersQuery),
  component: lazyScreen(() => import('../features/identity-providers/pages/account-identity-providers.page'), 'AccountIdentityProvidersPage'),
});

const accountAllowedFlowsRoute = createRoute({
  ...accountTab('allowed-flows', 'Allowed flows'),
  component: lazyScreen(() => import('../features/allowed-flows/pages/account-allowed-flows.page'), 'AccountAllowedFlowsPage'),
});

const accountOffboardingRoute = createRoute({
  ...accountTab('account-offboarding', 'Offboarding'),
  component: lazyScreen(() => import('../features/offboarding/pages/account-offboarding.page'), 'AccountOffboardingPage'),
});

/** Unknown paths redirect to the first route, "/" (spec §2), which sends the visitor on. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { requiresAuth: false },
  beforeLoad: () => {
    throw redirect({ to: '/' });
  },
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginGroupRoute.addChildren([loginRoute, forgotRoute, forgotVerifyRoute, forgotResetRoute, totpCompleteRoute, u2fCompleteRoute, mfaSetupRoute, openidCompleteRoute, registerRoute, azureRegisterRoute, googleMarketplaceRoute]),
  shellRoute.addChildren([
    homeRoute,
    servicesDashboardRoute,
    serviceWorkspaceRoute,
    serviceAdminRoute,
    keyManagementServicesRoute,
    generalSettingsRoute,
    auditLogsRoute,
    companySettingsRoute,
    usersSettingsRoute,
    identityProvidersSettingsRoute,
    serverStatusRoute,
    mfaSettingsRoute,
    syslogSettingsRoute,
    accountsRoute,
    portRangesRoute,
    accountRoute.addChildren([
      accountIndexRoute,
      accountCompanyRoute,
      accountUsersRoute,
      accountRolesRoute,
      accountWhitelistRoute,
      accountPortRangesRoute,
      accountServicesRoute,
      accountFeaturesRoute,
      accountAuditLogsRoute,
      accountSyslogRoute,
      accountLicensesRoute,
      accountIdentityProvidersRoute,
      accountAllowedFlowsRoute,
      accountOffboardingRoute,
    ]),
  ]),
  unknownRoute,
]);
