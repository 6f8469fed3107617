import { createRoute, redirect } from '@tanstack/react-router';
import { accountsListQuery } from '@keydeck/contract/accounts-queries';
import { auditListQuery } from '@keydeck/contract/audit-queries';
import { identityProvidersQuery } from '@keydeck/contract/identity-providers-queries';
import { licensesQuery } from '@keydeck/contract/licenses-queries';
import { Permission } from '@keydeck/contract/permissions';
import { portRangesQuery } from '@keydeck/contract/port-ranges-queries';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog-queries';
import { credentialsListQuery } from '@keydeck/contract/credentials-queries';
import { oauthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { accountPaymentsSearch, paymentsSearch, setupIntentsSearch, subscriptionsSearch } from '../features/billing/billing.search';
import { cloudHsmPageSearch, cloudHsmsSearch, clustersSearch } from '../features/cloud-hsms/cloud-hsms.search';
import { InfrastructureSearch } from '../features/infrastructure/infrastructure.search';
import { accountServicesListQuery, serviceRequestsSearch, servicesDashboardSearch, serviceWorkspaceSearch } from '../features/services/services.search';
import { usersSettingsSearch } from '../features/users/users-settings.search';
import { azureEntitlementsSearch } from '../features/marketplaces/marketplaces.search';
import { partnersSearch } from '../features/partners/partners.search';
import { lenientSearch } from '../lib/ui/list-search';
import { accountAuditSearch, accountPortRangesSearch, accountRolesSearch, accountUsersSearch } from './account-tab-searches';
import { apiDocsScreens } from './api-docs-routes';
import { lazyScreen } from './lazy-screen';
import { rootRoute } from './root-route';
import { fromUnknownPath, owingFactor, signInFirst, toLandingPage } from './route-redirects';
import * as Search from './route-search';
import { list, query, screen, type ScreenOptions } from './screen';

/**
 * THE route table (spec §2), in tree order: the navigation and an account's tabs follow the order declared
 * here. A group states whether its pages need a session; a screen states the permission that opens it, its
 * title, its place in the navigation and its search params.
 */
const index = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { requiresAuth: false },
  validateSearch: Search.validateContinueSearch,
  beforeLoad: toLandingPage,
});

// Public group (login background): password recovery and invitations take their query as inputs.
const loginGroup = createRoute({
  getParentRoute: () => rootRoute,
  id: 'login-group',
  staticData: { requiresAuth: false },
  component: lazyScreen(() => import('../features/auth/components/login-layout'), 'LoginLayout'),
});
const login = screen(loginGroup, 'login', {
  title: 'Sign in',
  search: query(Search.validateLoginSearch),
  component: lazyScreen(() => import('../features/auth/pages/login.page'), 'LoginPage'),
});
const forgot = screen(loginGroup, 'forgot', {
  title: 'Forgot password',
  search: query(Search.validateForgotSearch),
  component: lazyScreen(() => import('../features/auth/pages/forgot.page'), 'ForgotPage'),
});
const forgotVerify = screen(loginGroup, 'forgot/verify', {
  title: 'Checking your link',
  search: query(Search.validatePasswordLinkSearch),
  component: lazyScreen(() => import('../features/auth/pages/forgot-verify.page'), 'ForgotVerifyPage'),
});
const forgotReset = screen(loginGroup, 'forgot/reset', {
  title: 'Choose a password',
  search: query(Search.validatePasswordLinkSearch),
  component: lazyScreen(() => import('../features/auth/pages/forgot-reset.page'), 'ForgotResetPage'),
});
const totpComplete = screen(loginGroup, 'login/totp/complete', {
  title: 'Two-step verification',
  search: query(Search.validateContinueSearch),
  beforeLoad: owingFactor('totp'),
  component: lazyScreen(() => import('../features/auth/pages/totp-complete.page'), 'TotpCompletePage'),
});
const u2fComplete = screen(loginGroup, 'login/u2f/complete', {
  title: 'Two-step verification',
  search: query(Search.validateContinueSearch),
  beforeLoad: owingFactor('u2f'),
  component: lazyScreen(() => import('../features/auth/pages/u2f-complete.page'), 'U2fCompletePage'),
});
const mfaSetup = screen(loginGroup, 'login/mfa/setup', {
  requiresAuth: true,
  title: 'Multi-factor authentication required',
  search: query(Search.validateContinueSearch),
  component: lazyScreen(() => import('../features/mfa/pages/mfa-setup.page'), 'MfaSetupPage'),
});
// Where an identity provider sends the browser back after an OpenID sign-in.
const openidComplete = screen(loginGroup, 'login/openid/complete', {
  title: 'Signing you in',
  search: query(Search.validateOpenidCompleteSearch),
  component: lazyScreen(() => import('../features/auth/pages/openid-complete.page'), 'OpenidCompletePage'),
});
// An application asks the signed-in user's consent (OAuth 2 authorization code); signed out, sign-in comes first.
const oauthAuthorize = screen(loginGroup, 'oauth/authorize', {
  title: 'Authorize an application',
  search: query(Search.validateOAuthAuthorizeSearch),
  beforeLoad: signInFirst,
  component: lazyScreen(() => import('../features/oauth/pages/oauth-authorize.page'), 'OAuthAuthorizePage'),
});
// Self-service sign-up: the confirmation mail's link opens /register?token=, the marketplaces theirs.
const register = screen(loginGroup, 'register', {
  title: 'Create an account',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../features/registration/pages/register.page'), 'RegisterPage'),
});
const azureRegister = screen(loginGroup, 'register/azure', {
  title: 'Create an account · Azure Marketplace',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../features/registration/pages/marketplace-register.page'), 'AzureRegisterPage'),
});
const googleMarketplace = screen(loginGroup, 'google-marketplace', {
  title: 'Create an account · Google Cloud Marketplace',
  search: query(Search.validateTokenSearch),
  component: lazyScreen(() => import('../features/registration/pages/marketplace-register.page'), 'GoogleMarketplacePage'),
});

// Main shell.
const shell = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  staticData: { requiresAuth: true },
  component: lazyScreen(() => import('./shell/app-shell'), 'AppShellLayout'),
});
const home = screen(shell, 'home', {
  title: 'Home',
  nav: { label: 'Home' },
  component: lazyScreen(() => import('../features/home/pages/home.page'), 'HomePage'),
});
const servicesDashboard = screen(shell, 'home/services/{-$service_id}', {
  permission: Permission.servicesRead,
  title: 'Services',
  nav: { label: 'Services', description: 'Your services: select one and log in to work in it.' },
  search: list(servicesDashboardSearch),
  component: lazyScreen(() => import('../features/services/pages/services-dashboard.page'), 'ServicesDashboardPage'),
});
// The current service's workspace; its sections are tabs named by ?section=.
const serviceWorkspace = screen(shell, 'home/service', {
  permission: Permission.servicesRead,
  title: 'Service',
  search: query(lenientSearch(serviceWorkspaceSearch)),
  component: lazyScreen(() => import('./pages/service-workspace.page'), 'ServiceWorkspacePage'),
});
const serviceAdmin = screen(shell, 'home/service/admin', {
  permission: Permission.servicesRead,
  title: 'Service users and groups',
  nav: { label: 'Service users', description: 'Who may work in the current service, and what each group may do.' },
  component: lazyScreen(() => import('./pages/service-admin.page'), 'ServiceAdminPage'),
});
const serviceCatalogue = screen(shell, 'key-management-services', {
  permission: Permission.servicesRead,
  title: 'Request a service',
  nav: { label: 'Request a service', description: 'The service types your account can request.' },
  component: lazyScreen(() => import('../features/services/pages/service-catalogue.page'), 'ServiceCataloguePage'),
});
// Cloud HSMs and clusters: the account's landing (/chc), a cloud_hsms service's HSMs, one HSM, a cluster_management service's clusters.
const cloudHub = screen(shell, 'chc', {
  permission: Permission.servicesRead,
  title: 'Cloud HSMs',
  nav: { label: 'Cloud HSMs', description: 'Your cloud HSMs and clusters at a glance, and the services that hold them.' },
  component: lazyScreen(() => import('../features/cloud-hsms/pages/cloud-hub.page'), 'CloudHubPage'),
});
const cloudHsms = screen(shell, 'v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms', {
  permission: Permission.servicesRead,
  title: 'Cloud HSMs',
  search: list(cloudHsmsSearch),
  component: lazyScreen(() => import('../features/cloud-hsms/pages/cloud-hsms.page'), 'CloudHsmsPage'),
});
const cloudHsmManagement = screen(shell, 'v2/home/services/cloud-hsm-management/$id', {
  permission: Permission.servicesRead,
  title: 'Cloud HSM',
  search: list(cloudHsmPageSearch),
  component: lazyScreen(() => import('../features/cloud-hsms/pages/cloud-hsm-management.page'), 'CloudHsmManagementPage'),
});
const clusters = screen(shell, 'v2/home/accounts/$account_id/services/$service_id/cluster-management/clusters', {
  permission: Permission.servicesRead,
  title: 'Clusters',
  search: list(clustersSearch),
  component: lazyScreen(() => import('../features/cloud-hsms/pages/clusters.page'), 'ClustersPage'),
});
const generalSettings = screen(shell, 'v2/home/settings/general', {
  permission: Permission.companyRead,
  title: 'General',
  nav: { label: 'General', group: 'Settings', description: 'Your company and the licenses it holds.' },
  search: list(licensesQuery),
  component: lazyScreen(() => import('./pages/general-settings.page'), 'GeneralSettingsPage'),
});
const auditLogs = screen(shell, 'v2/home/audit-logs', {
  permission: Permission.auditRead,
  title: 'Audit logs',
  nav: { label: 'Audit logs', description: 'Who signed in and changed what, with an integrity check.' },
  search: list(auditListQuery),
  component: lazyScreen(() => import('../features/audit/pages/audit-logs.page'), 'AuditLogsPage'),
});
const companySettings = screen(shell, 'v2/home/settings/company-settings', {
  permission: Permission.companyRead,
  title: 'Company settings',
  nav: { label: 'Company settings', group: 'Settings', description: 'Account settings and the IP allowlist.' },
  component: lazyScreen(() => import('./pages/company-settings.page'), 'CompanySettingsPage'),
});
const usersSettings = screen(shell, 'v2/home/settings/users', {
  permission: Permission.usersRead,
  title: 'Users',
  nav: { label: 'Users', group: 'Settings', description: 'Invite users, give them roles, and define what each role may do.' },
  search: list(usersSettingsSearch),
  component: lazyScreen(() => import('../features/users/pages/users-settings.page'), 'UsersSettingsPage'),
});
const identityProvidersSettings = screen(shell, 'v2/home/settings/identity-providers', {
  permission: Permission.companyManage,
  title: 'Identity providers',
  nav: { label: 'Identity providers', group: 'Settings', description: 'Let your users sign in with your OpenID Connect provider.' },
  search: list(identityProvidersQuery),
  component: lazyScreen(() => import('../features/identity-providers/pages/identity-providers-settings.page'), 'IdentityProvidersSettingsPage'),
});
const serverStatus = screen(shell, 'v2/home/settings/server-status', {
  permission: Permission.serverStatusRead,
  title: 'Server status',
  nav: { label: 'Server status', group: 'Settings', description: 'Versions of the Keydeck server and web console.' },
  component: lazyScreen(() => import('../features/admin/pages/server-status.page'), 'ServerStatusPage'),
});
// Every signed-in user's own second factors: no permission needed.
const mfaSettings = screen(shell, 'v2/home/settings/admin-credentials', {
  title: 'Sign-in & MFA',
  nav: { label: 'Sign-in & MFA', group: 'Settings', description: 'Your authenticator app, recovery codes and connected applications.' },
  component: lazyScreen(() => import('./pages/sign-in-settings.page'), 'SignInSettingsPage'),
});
// The user's own account's syslog servers: the navigation fills in their account id.
const syslogSettings = screen(shell, 'v2/home/settings/syslog-server-configs/$account_id', {
  permission: Permission.syslogRead,
  title: 'Syslog',
  nav: { label: 'Syslog', group: 'Settings', description: 'Forward audit events to your syslog servers and watch delivery.' },
  search: list(syslogConfigsListQuery),
  component: lazyScreen(() => import('../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
});
const credentialsPage = lazyScreen(() => import('../features/credentials/pages/credentials.page'), 'CredentialsPage');
const credentialsSettings = screen(shell, 'v2/home/settings/credentials', {
  permission: Permission.usersManage,
  title: 'API credentials',
  nav: { label: 'API credentials', group: 'Settings', description: 'Credentials that scripts exchange for bearer tokens to call the API.' },
  search: list(credentialsListQuery),
  component: credentialsPage,
});
// Spec §2's path for one account's credentials; the account page reaches the same screen as its credentials tab.
const accountCredentials = screen(shell, 'v2/home/accounts/$account_id/credentials', {
  permission: Permission.platformAdmin,
  title: 'API credentials',
  search: list(credentialsListQuery),
  component: credentialsPage,
});
// An account's OAuth clients, and one of them with its id (from the credentials screens' "OAuth clients").
const oauthClients = screen(shell, 'v2/home/accounts/$account_id/credentials/oauthclients/{-$oauth_client_id}', {
  permission: Permission.usersManage,
  title: 'OAuth clients',
  search: list(oauthClientsListQuery),
  component: lazyScreen(() => import('../features/oauth/pages/oauth-clients.page'), 'OAuthClientsPage'),
});

// Billing (the account's own): a layout above four tabs, one per child; the default child is getmoreservices.
const billing = screen(shell, 'v2/home/settings/billing', {
  permission: Permission.companyRead,
  title: 'Billing',
  nav: { label: 'Billing', group: 'Settings', description: 'Buy services, and manage their subscriptions, your cards and invoices.' },
  component: lazyScreen(() => import('../features/billing/pages/billing-layout.page'), 'BillingLayoutPage'),
});
const billingIndex = createRoute({
  getParentRoute: () => billing,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/v2/home/settings/billing/getmoreservices', replace: true });
  },
});
const billingTab = <const P extends string, V = undefined>(path: P, label: string, options: Omit<ScreenOptions<V>, 'title' | 'tab'>) =>
  screen(billing, path, { title: `Billing · ${label}`, tab: { label }, ...options });
const billingTabs = [
  billingTab('getmoreservices', 'Get more services', {
    component: lazyScreen(() => import('../features/billing/pages/get-more-services.page'), 'GetMoreServicesPage'),
  }),
  billingTab('subscriptions', 'Subscriptions', {
    search: query(lenientSearch(subscriptionsSearch)),
    component: lazyScreen(() => import('../features/billing/pages/billing-subscriptions.page'), 'BillingSubscriptionsPage'),
  }),
  billingTab('invoices', 'Invoices', { component: lazyScreen(() => import('../features/billing/pages/billing-invoices.page'), 'BillingInvoicesPage') }),
  billingTab('payment-methods', 'Payment methods', {
    component: lazyScreen(() => import('../features/billing/pages/billing-payment-methods.page'), 'BillingPaymentMethodsPage'),
  }),
] as const;

// Admin.
const accounts = screen(shell, 'v2/admin/company-management/accounts', {
  permission: Permission.platformAdmin,
  title: 'Accounts',
  nav: { label: 'Accounts', group: 'Administration', description: 'Create, change and disable company accounts.' },
  search: list(accountsListQuery),
  component: lazyScreen(() => import('../features/accounts/pages/accounts.page'), 'AccountsPage'),
});
const portRanges = screen(shell, 'v2/admin/company-management/port-ranges', {
  permission: Permission.platformAdmin,
  title: 'Port ranges',
  nav: { label: 'Port ranges', group: 'Administration', description: 'Port ranges of the platform and the accounts they are assigned to.' },
  search: list(portRangesQuery),
  component: lazyScreen(() => import('../features/port-ranges/pages/port-ranges.page'), 'PortRangesPage'),
});
const serviceRequests = screen(shell, 'v2/admin/company-management/service-requests', {
  permission: Permission.platformAdmin,
  title: 'Service requests',
  nav: {
    label: 'Service requests',
    group: 'Administration',
    description: 'Every account’s requests awaiting approval.',
    count: { feature: 'services', fetch: () => import('../features/services/api/services.api').then((api) => api.pendingRequestsCount()) },
  },
  search: list(serviceRequestsSearch),
  component: lazyScreen(() => import('../features/services/pages/service-requests.page'), 'ServiceRequestsPage'),
});
const payments = screen(shell, 'v2/admin/payments-stripe', {
  permission: Permission.platformAdmin,
  title: 'Payments',
  nav: { label: 'Payments', group: 'Administration', description: 'Every account’s payments through Stripe, with refund and retry.' },
  search: list(paymentsSearch),
  component: lazyScreen(() => import('../features/billing/pages/payments.page'), 'PaymentsPage'),
});
// Sign-ups from the Azure Marketplace, decided by hand (the marketplace's own API cannot be reached).
const azureMarketplace = screen(shell, 'v2/admin/azure', {
  permission: Permission.platformAdmin,
  title: 'Azure Marketplace',
  nav: { label: 'Azure Marketplace', group: 'Administration', description: 'Accounts that signed up through the Azure Marketplace: approve or reject each.' },
  search: list(azureEntitlementsSearch),
  component: lazyScreen(() => import('../features/marketplaces/pages/azure-marketplace.page'), 'AzureMarketplacePage'),
});
// Splenda: the partner (reseller) channel, with the commission each partner's accounts earn it; and one partner.
const partners = screen(shell, 'v2/admin/splenda', {
  permission: Permission.platformAdmin,
  title: 'Partners',
  nav: { label: 'Partners', group: 'Administration', description: 'Resellers, the accounts they bring, their revenue and the commission due.' },
  search: list(partnersSearch),
  component: lazyScreen(() => import('../features/partners/pages/partners.page'), 'PartnersPage'),
});
const partner = screen(shell, 'v2/admin/splenda/$partner_id', {
  permission: Permission.platformAdmin,
  title: 'Partner',
  component: lazyScreen(() => import('../features/partners/pages/partner.page'), 'PartnerPage'),
});
const egressPolicy = screen(shell, 'configuration/egress-policy', {
  permission: Permission.platformAdmin,
  title: 'Egress policy',
  nav: { label: 'Egress policy', group: 'Administration', description: 'Where connections customers configure may go.' },
  component: lazyScreen(() => import('../features/egress/pages/egress-policy.page'), 'EgressPolicyPage'),
});
// The platform's infrastructure and its dashboards (platform administrators only).
const infra = <const P extends string, V = undefined>(
  path: P,
  group: 'Infrastructure' | 'Dashboards',
  label: string,
  { description, ...options }: Omit<ScreenOptions<V>, 'permission' | 'nav'> & { description: string },
) => screen(shell, path, { permission: Permission.platformAdmin, nav: { label, group, description }, ...options });
const infrastructureScreens = [
  infra('configuration/datacenter-infrastructure/global_servers', 'Infrastructure', 'Datacenters and servers', {
    title: 'Datacenters and servers',
    description: 'The platform’s datacenters and the servers in each.',
    search: list(InfrastructureSearch.globalServers),
    component: lazyScreen(() => import('../features/infrastructure/pages/global-servers.page'), 'GlobalServersPage'),
  }),
  infra('configuration/cloud-product/ipam-zones', 'Infrastructure', 'IPAM zones', {
    title: 'IPAM zones',
    description: 'Address pools of each zone, how full they are, and who holds which address.',
    search: list(InfrastructureSearch.ipamZones),
    component: lazyScreen(() => import('../features/infrastructure/pages/ipam-zones.page'), 'IpamZonesPage'),
  }),
  infra('configuration/cloud-product/blueprints', 'Infrastructure', 'Blueprints', {
    title: 'Blueprints',
    description: 'HSM templates customers request cloud HSMs from.',
    search: list(InfrastructureSearch.blueprints),
    component: lazyScreen(() => import('../features/infrastructure/pages/blueprints.page'), 'BlueprintsPage'),
  }),
  infra('configuration/cloud-product/resources', 'Infrastructure', 'Resources', {
    title: 'Resources',
    description: 'What is allocated to whom: placement, addresses, ports and license seats.',
    search: list(InfrastructureSearch.resources),
    component: lazyScreen(() => import('../features/infrastructure/pages/resources.page'), 'ResourcesPage'),
  }),
  infra('configuration/cloud-product/chsm-provisioners', 'Infrastructure', 'Provisioners', {
    title: 'Provisioners',
    description: 'The agents hosting cloud HSMs: heartbeat, capacity, group and draining.',
    search: list(InfrastructureSearch.provisioners),
    component: lazyScreen(() => import('../features/infrastructure/pages/provisioners.page'), 'ProvisionersPage'),
  }),
  infra('configuration/cloud-product/chsm-provisioner-groups', 'Infrastructure', 'Provisioner groups', {
    title: 'Provisioner groups',
    description: 'Placement groups of provisioners, each in an IPAM zone.',
    search: list(InfrastructureSearch.provisionerGroups),
    component: lazyScreen(() => import('../features/infrastructure/pages/provisioner-groups.page'), 'ProvisionerGroupsPage'),
  }),
  infra('configuration/cloud-product/licenses', 'Infrastructure', 'Product licenses', {
    title: 'Product licenses',
    description: 'Licenses per HSM model and the seats cloud HSMs hold.',
    search: list(InfrastructureSearch.productLicenses),
    component: lazyScreen(() => import('../features/infrastructure/pages/product-licenses.page'), 'ProductLicensesPage'),
  }),
  infra('admin-dashboards/cryptohub/customer-infrastructure', 'Dashboards', 'CryptoHub customers', {
    title: 'CryptoHub: customer infrastructure',
    description: 'Clusters of cloud HSMs per account and the state of their members.',
    component: lazyScreen(() => import('../features/infrastructure/pages/cryptohub-customer-infrastructure.page'), 'CryptohubCustomerInfrastructurePage'),
  }),
  infra('admin-dashboards/odh/customer-infrastructure', 'Dashboards', 'On-demand HSM customers', {
    title: 'On-demand HSMs: customer infrastructure',
    description: 'Cloud HSMs by status, location and account, and requests per day.',
    component: lazyScreen(() => import('../features/infrastructure/pages/odh-customer-infrastructure.page'), 'OdhCustomerInfrastructurePage'),
  }),
  infra('admin-dashboards/odh/provisioning-infrastructure', 'Dashboards', 'Provisioning', {
    title: 'On-demand HSMs: provisioning infrastructure',
    description: 'Provisioner and zone capacity, the provisioning queue, run durations and failures.',
    component: lazyScreen(() => import('../features/infrastructure/pages/provisioning-infrastructure.page'), 'ProvisioningInfrastructurePage'),
  }),
] as const;
// Stripe SetupIntents (customers adding cards); the spec's path keeps its spelling.
const cardSetupsDashboard = infra('admin-dashboards/cryptohub_setuptintents', 'Dashboards', 'Card setups', {
  title: 'Card setups',
  description: 'Customers adding cards per day by state, and the setups stuck or failed.',
  search: list(setupIntentsSearch),
  component: lazyScreen(() => import('../features/billing/pages/setup-intents-dashboard.page'), 'SetupIntentsDashboardPage'),
});
// One account: a header above tabs, one per child below (adding a section is adding a child); the default is company.
const account = screen(shell, 'v2/admin/company-management/accounts/$account_id', {
  permission: Permission.platformAdmin,
  title: 'Account',
  component: lazyScreen(() => import('../features/accounts/pages/account-layout.page'), 'AccountLayoutPage'),
});
const accountIndex = createRoute({
  getParentRoute: () => account,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/v2/admin/company-management/accounts/$account_id/company', params, replace: true });
  },
});
const tab = <const P extends string, V = undefined>(path: P, label: string, options: Omit<ScreenOptions<V>, 'title' | 'tab'>) =>
  screen(account, path, { title: `Account · ${label}`, tab: { label }, ...options });
const accountTabs = [
  tab('company', 'Company', { component: lazyScreen(() => import('../features/accounts/pages/account-company.page'), 'AccountCompanyPage') }),
  tab('users', 'Users', {
    search: list(accountUsersSearch),
    component: lazyScreen(() => import('../features/users/pages/account-users.page'), 'AccountUsersPage'),
  }),
  tab('roles', 'Roles', {
    search: list(accountRolesSearch),
    component: lazyScreen(() => import('../features/users/pages/account-roles.page'), 'AccountRolesPage'),
  }),
  // The spec's path says whitelist; every screen says IP allowlist.
  tab('whitelist', 'IP allowlist', { component: lazyScreen(() => import('../features/allowlist/pages/account-whitelist.page'), 'AccountWhitelistPage') }),
  tab('port-ranges', 'Port ranges', {
    search: list(accountPortRangesSearch),
    component: lazyScreen(() => import('../features/port-ranges/pages/account-port-ranges.page'), 'AccountPortRangesPage'),
  }),
  tab('services', 'Services', {
    search: list(accountServicesListQuery),
    component: lazyScreen(() => import('../features/services/pages/account-services.page'), 'AccountServicesPage'),
  }),
  tab('solutions', 'Solutions', {
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../features/solutions/pages/solutions.page'), 'SolutionsPage'),
  }),
  tab('stripe', 'Stripe', {
    search: list(accountPaymentsSearch),
    component: lazyScreen(() => import('../features/billing/pages/account-stripe.page'), 'AccountStripePage'),
  }),
  // Splenda is the partner channel: the tab shows the account's partner.
  tab('splenda', 'Partner', {
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../features/partners/pages/account-splenda.page'), 'AccountSplendaPage'),
  }),
  tab('cryptohub', 'CryptoHub', {
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../features/cryptohub/pages/account-cryptohub.page'), 'AccountCryptoHubPage'),
  }),
  tab('account-features', 'Features', { component: lazyScreen(() => import('../features/account-features/pages/account-features.page'), 'AccountFeaturesPage') }),
  tab('audit-logs', 'Audit logs', {
    search: list(accountAuditSearch),
    component: lazyScreen(() => import('../features/audit/pages/account-audit-logs.page'), 'AccountAuditLogsPage'),
  }),
  tab('syslog-server-configs', 'Syslog', {
    search: list(syslogConfigsListQuery),
    component: lazyScreen(() => import('../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
  }),
  tab('credentials', 'API credentials', { search: list(credentialsListQuery), component: credentialsPage }),
  // The spec's tab name; it shows the account's entitlement whichever marketplace (Azure or Google) sent it.
  tab('google-marketplace', 'Google Marketplace', {
    permission: Permission.platformAdmin,
    component: lazyScreen(() => import('../features/marketplaces/pages/account-google-marketplace.page'), 'AccountGoogleMarketplacePage'),
  }),
  tab('licenses', 'Licenses', {
    search: list(licensesQuery),
    component: lazyScreen(() => import('../features/licenses/pages/account-licenses.page'), 'AccountLicensesPage'),
  }),
  tab('identity-providers', 'Identity providers', {
    search: list(identityProvidersQuery),
    component: lazyScreen(() => import('../features/identity-providers/pages/account-identity-providers.page'), 'AccountIdentityProvidersPage'),
  }),
  tab('allowed-flows', 'Allowed flows', { component: lazyScreen(() => import('../features/allowed-flows/pages/account-allowed-flows.page'), 'AccountAllowedFlowsPage') }),
  tab('account-offboarding', 'Offboarding', { component: lazyScreen(() => import('../features/offboarding/pages/account-offboarding.page'), 'AccountOffboardingPage') }),
] as const;

// One solution of the account's Solutions tab (its id 'new' defines one): its form and its onboarding onto the account.
const solution = createRoute({ getParentRoute: () => account, path: 'solutions/$solution_id' });
const solutionPages = [
  screen(solution, 'form', {
    permission: Permission.platformAdmin,
    title: 'Account · Solution',
    component: lazyScreen(() => import('../features/solutions/pages/solution-form.page'), 'SolutionFormPage'),
  }),
  screen(solution, 'onboard', {
    permission: Permission.platformAdmin,
    title: 'Account · Onboard a solution',
    component: lazyScreen(() => import('../features/solutions/pages/solution-onboard.page'), 'SolutionOnboardPage'),
  }),
] as const;

const unknown = createRoute({ getParentRoute: () => rootRoute, path: '$', staticData: { requiresAuth: false }, beforeLoad: fromUnknownPath });

export const routeTree = rootRoute.addChildren([
  index,
  loginGroup.addChildren([login, forgot, forgotVerify, forgotReset, totpComplete, u2fComplete, mfaSetup, openidComplete, oauthAuthorize, register, azureRegister, googleMarketplace]),
  shell.addChildren([
    home,
    servicesDashboard,
    serviceWorkspace,
    serviceAdmin,
    serviceCatalogue,
    cloudHub,
    cloudHsms,
    cloudHsmManagement,
    clusters,
    generalSettings,
    auditLogs,
    companySettings,
    usersSettings,
    identityProvidersSettings,
    serverStatus,
    mfaSettings,
    syslogSettings,
    credentialsSettings,
    accountCredentials,
    oauthClients,
    billing.addChildren([billingIndex, ...billingTabs]),
    accounts,
    portRanges,
    serviceRequests,
    payments,
    azureMarketplace,
    partners,
    partner,
    egressPolicy,
    ...infrastructureScreens,
    cardSetupsDashboard,
    ...apiDocsScreens(shell),
    account.addChildren([accountIndex, ...accountTabs, solution.addChildren([...solutionPages])]),
  ]),
  unknown,
]);
