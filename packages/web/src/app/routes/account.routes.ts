import { createRoute, redirect } from '@tanstack/react-router';
import { credentialsListQuery } from '@keydeck/contract/credentials-queries';
import { identityProvidersQuery } from '@keydeck/contract/identity-providers-queries';
import { licensesQuery } from '@keydeck/contract/licenses-queries';
import { Permission } from '@keydeck/contract/permissions';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog-queries';
import { accountPaymentsSearch } from '../../features/billing/billing.search';
import { accountServicesListQuery } from '../../features/services/services.search';
import { accountQueryOptions } from '../../lib/accounts.queries';
import { crumbFrom } from '../../lib/route-static-data';
import { accountAuditSearch, accountPortRangesSearch, accountRolesSearch, accountUsersSearch } from '../account-tab-searches';
import { lazyScreen } from '../lazy-screen';
import { list, screen, tabOf } from '../screen';
import { shell } from './root.routes';
import { credentialsPage } from './settings.routes';

// One account: a header beside its sections, one per child below (adding a section is adding a child), grouped by concern
// in this order (the section navigation follows it); the default is company.
export const account = screen(shell, 'v2/admin/company-management/accounts/$account_id', {
  permission: Permission.platformAdmin,
  title: 'Account',
  crumb: crumbFrom((params) => accountQueryOptions(params.account_id!), (found) => found.name),
  component: lazyScreen(() => import('../../features/accounts/pages/account-layout.page'), 'AccountLayoutPage'),
});
export const accountIndex = createRoute({
  getParentRoute: () => account,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/v2/admin/company-management/accounts/$account_id/company', params, replace: true });
  },
});
const tab = tabOf(account, 'Account');
export const accountTabs = [
  tab('company', 'Company', {
    group: 'Profile',
    component: lazyScreen(() => import('../../features/accounts/pages/account-company.page'), 'AccountCompanyPage'),
  }),
  tab('users', 'Users', {
    group: 'Identity and access',
    search: list(accountUsersSearch),
    component: lazyScreen(() => import('../../features/users/pages/account-users.page'), 'AccountUsersPage'),
  }),
  tab('roles', 'Roles', {
    group: 'Identity and access',
    search: list(accountRolesSearch),
    component: lazyScreen(() => import('../../features/users/pages/account-roles.page'), 'AccountRolesPage'),
  }),
  tab('identity-providers', 'Identity providers', {
    group: 'Identity and access',
    search: list(identityProvidersQuery),
    component: lazyScreen(() => import('../../features/identity-providers/pages/account-identity-providers.page'), 'AccountIdentityProvidersPage'),
  }),
  tab('allowed-flows', 'Allowed flows', {
    group: 'Identity and access',
    component: lazyScreen(() => import('../../features/allowed-flows/pages/account-allowed-flows.page'), 'AccountAllowedFlowsPage'),
  }),
  tab('credentials', 'API credentials', {
    group: 'Identity and access',
    search: list(credentialsListQuery),
    component: credentialsPage,
  }),
  // The spec's path says whitelist; every screen says IP allowlist.
  tab('whitelist', 'IP allowlist', {
    group: 'Network',
    component: lazyScreen(() => import('../../features/allowlist/pages/account-whitelist.page'), 'AccountWhitelistPage'),
  }),
  tab('port-ranges', 'Port ranges', {
    group: 'Network',
    search: list(accountPortRangesSearch),
    component: lazyScreen(() => import('../../features/port-ranges/pages/account-port-ranges.page'), 'AccountPortRangesPage'),
  }),
  tab('services', 'Services', {
    group: 'Services and solutions',
    search: list(accountServicesListQuery),
    component: lazyScreen(() => import('../../features/services/pages/account-services.page'), 'AccountServicesPage'),
  }),
  tab('solutions', 'Solutions', {
    group: 'Services and solutions',
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../../features/solutions/pages/solutions.page'), 'SolutionsPage'),
  }),
  tab('stripe', 'Stripe', {
    group: 'Commerce',
    search: list(accountPaymentsSearch),
    component: lazyScreen(() => import('../../features/billing/pages/account-stripe.page'), 'AccountStripePage'),
  }),
  // Splenda is the partner channel: the tab shows the account's partner.
  tab('splenda', 'Partner', {
    group: 'Commerce',
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../../features/partners/pages/account-splenda.page'), 'AccountSplendaPage'),
  }),
  tab('cryptohub', 'CryptoHub', {
    group: 'Commerce',
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../../features/cryptohub/pages/account-cryptohub.page'), 'AccountCryptoHubPage'),
  }),
  // The spec's tab name; it shows the account's entitlement whichever marketplace (Azure or Google) sent it.
  tab('google-marketplace', 'Google Marketplace', {
    group: 'Commerce',
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../../features/marketplaces/pages/account-google-marketplace.page'), 'AccountGoogleMarketplacePage'),
  }),
  tab('licenses', 'Licenses', {
    group: 'Commerce',
    search: list(licensesQuery),
    component: lazyScreen(() => import('../../features/licenses/pages/account-licenses.page'), 'AccountLicensesPage'),
  }),
  tab('audit-logs', 'Audit logs', {
    group: 'Logs',
    search: list(accountAuditSearch),
    component: lazyScreen(() => import('../../features/audit/pages/account-audit-logs.page'), 'AccountAuditLogsPage'),
  }),
  tab('syslog-server-configs', 'Syslog', {
    group: 'Logs',
    search: list(syslogConfigsListQuery),
    component: lazyScreen(() => import('../../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
  }),
  tab('account-features', 'Features', { component: lazyScreen(() => import('../../features/account-features/pages/account-features.page'), 'AccountFeaturesPage') }),
  tab('account-offboarding', 'Offboarding', { component: lazyScreen(() => import('../../features/offboarding/pages/account-offboarding.page'), 'AccountOffboardingPage') }),
] as const;

// One solution of the account's Solutions tab (its id 'new' defines one): its form and its onboarding onto the account.
export const solution = createRoute({ getParentRoute: () => account, path: 'solutions/$solution_id' });
export const solutionPages = [
  screen(solution, 'form', {
    permission: Permission.platformAdmin,
    title: 'Account · Solution',
    component: lazyScreen(() => import('../../features/solutions/pages/solution-form.page'), 'SolutionFormPage'),
  }),
  screen(solution, 'onboard', {
    permission: Permission.platformAdmin,
    title: 'Account · Onboard a solution',
    component: lazyScreen(() => import('../../features/solutions/pages/solution-onboard.page'), 'SolutionOnboardPage'),
  }),
] as const;
