import { createRoute, redirect } from '@tanstack/react-router';
import { auditListQuery } from '@keydeck/contract/audit-queries';
import { credentialsListQuery } from '@keydeck/contract/credentials-queries';
import { identityProvidersQuery } from '@keydeck/contract/identity-providers-queries';
import { licensesQuery } from '@keydeck/contract/licenses-queries';
import { oauthClientsListQuery } from '@keydeck/contract/oauth-queries';
import { Permission } from '@keydeck/contract/permissions';
import { syslogConfigsListQuery } from '@keydeck/contract/syslog-queries';
import { settingsRolesSearch, settingsUsersSearch, usersSettingsSearch } from '../../features/users/users-settings.search';
import { lenientSearch } from '../../lib/ui/list-search';
import { lazyScreen } from '../lazy-screen';
import { fromTabQuery } from '../route-redirects';
import { list, query, screen, tabOf } from '../screen';
import { shell } from './root.routes';

/** The account's own settings (the navigation's Settings group), its audit logs, its API credentials and OAuth clients. */
// /v2/home/settings itself opens its first page, General (as billing opens its first tab); breadcrumbs name it Settings.
const settingsIndex = createRoute({
  getParentRoute: () => shell,
  path: 'v2/home/settings',
  staticData: { title: 'Settings' },
  beforeLoad: () => {
    throw redirect({ href: '/v2/home/settings/general', replace: true });
  },
});
const generalSettings = screen(shell, 'v2/home/settings/general', {
  permission: Permission.companyRead,
  title: 'General',
  nav: { label: 'General', group: 'Settings', description: 'Your company and the licenses it holds.' },
  search: list(licensesQuery),
  component: lazyScreen(() => import('../pages/general-settings.page'), 'GeneralSettingsPage'),
});
const auditLogs = screen(shell, 'v2/home/audit-logs', {
  permission: Permission.auditRead,
  title: 'Audit logs',
  nav: { label: 'Audit logs', group: 'Settings', description: 'Who signed in and changed what, with an integrity check.' },
  search: list(auditListQuery),
  component: lazyScreen(() => import('../../features/audit/pages/audit-logs.page'), 'AuditLogsPage'),
});
const companySettings = screen(shell, 'v2/home/settings/company-settings', {
  permission: Permission.companyRead,
  title: 'Company settings',
  nav: { label: 'Company settings', group: 'Settings', description: 'Account settings and the IP allowlist.' },
  component: lazyScreen(() => import('../pages/company-settings.page'), 'CompanySettingsPage'),
});
// Settings › Users: the users and the roles are its tabs (child routes); old ?tab=roles links open the Roles tab.
const usersSettings = screen(shell, 'v2/home/settings/users', {
  permission: Permission.usersRead,
  title: 'Users',
  nav: { label: 'Users', group: 'Settings', description: 'Invite users, give them roles, and define what each role may do.' },
  search: query(lenientSearch(usersSettingsSearch)),
  beforeLoad: fromTabQuery({ param: 'tab', layout: '/v2/home/settings/users', index: 'users', tabs: () => ['roles'] }),
  component: lazyScreen(() => import('../../features/users/pages/users-settings.page'), 'UsersSettingsPage'),
});
const usersTab = tabOf(usersSettings, 'Settings');
const usersSettingsTabs = [
  usersTab('/', 'Users', {
    search: list(settingsUsersSearch),
    component: lazyScreen(() => import('../../features/users/pages/settings-users.page'), 'SettingsUsersPage'),
  }),
  usersTab('roles', 'Roles', {
    search: list(settingsRolesSearch),
    component: lazyScreen(() => import('../../features/users/pages/settings-roles.page'), 'SettingsRolesPage'),
  }),
] as const;
const identityProvidersSettings = screen(shell, 'v2/home/settings/identity-providers', {
  permission: Permission.companyManage,
  title: 'Identity providers',
  nav: { label: 'Identity providers', group: 'Settings', description: 'Let your users sign in with your OpenID Connect provider.' },
  search: list(identityProvidersQuery),
  component: lazyScreen(() => import('../../features/identity-providers/pages/identity-providers-settings.page'), 'IdentityProvidersSettingsPage'),
});
const serverStatus = screen(shell, 'v2/home/settings/server-status', {
  permission: Permission.serverStatusRead,
  title: 'Server status',
  nav: { label: 'Server status', group: 'Settings', description: 'Versions of the Keydeck server and web console.' },
  component: lazyScreen(() => import('../../features/admin/pages/server-status.page'), 'ServerStatusPage'),
});
// Every signed-in user's own second factors: no permission needed.
const mfaSettings = screen(shell, 'v2/home/settings/admin-credentials', {
  title: 'Sign-in & MFA',
  nav: { label: 'Sign-in & MFA', group: 'Settings', description: 'Your authenticator app, recovery codes and connected applications.' },
  component: lazyScreen(() => import('../pages/sign-in-settings.page'), 'SignInSettingsPage'),
});
// The user's own account's syslog servers: the navigation fills in their account id.
const syslogSettings = screen(shell, 'v2/home/settings/syslog-server-configs/$account_id', {
  permission: Permission.syslogRead,
  title: 'Syslog',
  nav: { label: 'Syslog', group: 'Settings', description: 'Forward audit events to your syslog servers and watch delivery.' },
  search: list(syslogConfigsListQuery),
  component: lazyScreen(() => import('../../features/syslog/pages/syslog-configs.page'), 'SyslogConfigsPage'),
});
export const credentialsPage = lazyScreen(() => import('../../features/credentials/pages/credentials.page'), 'CredentialsPage');
const credentialsSettings = screen(shell, 'v2/home/settings/credentials', {
  permission: Permission.usersManage,
  title: 'API credentials',
  nav: { label: 'API credentials', group: 'Settings', description: 'Credentials that scripts exchange for bearer tokens to call the API.' },
  search: list(credentialsListQuery),
  component: credentialsPage,
});
// Spec §2's path for one account's credentials; the account page reaches the same screen as its credentials tab.
const accountCredentials = screen(shell, 'v2/home/accounts/$account_id/credentials', {
  permission: Permission.usersManage,
  title: 'API credentials',
  search: list(credentialsListQuery),
  component: credentialsPage,
});
// An account's OAuth clients, and one of them with its id (from the credentials screens' "OAuth clients").
const oauthClients = screen(shell, 'v2/home/accounts/$account_id/credentials/oauthclients/{-$oauth_client_id}', {
  permission: Permission.usersManage,
  title: 'OAuth clients',
  search: list(oauthClientsListQuery),
  component: lazyScreen(() => import('../../features/oauth/pages/oauth-clients.page'), 'OAuthClientsPage'),
});

export const settingsScreens = [
  settingsIndex,
  generalSettings,
  auditLogs,
  companySettings,
  usersSettings.addChildren([...usersSettingsTabs]),
  identityProvidersSettings,
  serverStatus,
  mfaSettings,
  syslogSettings,
  credentialsSettings,
  accountCredentials,
  oauthClients,
] as const;
