/** Anti-forgery (spec §7): the cookie the server sets and the header the web client echoes it in. */
export const CSRF_COOKIE = 'VCSRF-TOKEN';
export const CSRF_HEADER = 'X-VCSRF-TOKEN';
export const SESSION_COOKIE = 'KEYDECK_SESSION';

/** Version prefix of the spec's data-layer paths. */
export const API_V1 = '/rest/api/v1';
export const API_V2 = '/rest/api/v2';

export const ApiPath = {
  login: `${API_V1}/login`,
  logout: `${API_V1}/logout`,
  serverInfo: `${API_V1}/admin/info`,
  adminAccounts: `${API_V1}/admin/accounts`,
  adminAccount: `${API_V1}/admin/accounts/:account_id`,
  accountOffboardingExport: `${API_V1}/admin/accounts/:account_id/offboarding/export`,
  accountOffboarding: `${API_V1}/admin/accounts/:account_id/offboarding`,
  accountLicenses: `${API_V1}/accounts/:account_id/licenses`,
  userAccount: `${API_V1}/user/account`,
  adminIps: `${API_V1}/admin/ips`,
  adminPortRanges: `${API_V1}/admin/port-ranges`,
  accountFeatures: `${API_V2}/account/:account_id/features/`,
  accountFeature: `${API_V2}/account/:account_id/feature/`,
  syslogConfigs: `${API_V1}/accounts/:account_id/syslog-configs`,
  syslogConfig: `${API_V1}/accounts/:account_id/syslog-configs/:id`,
  syslogConfigTest: `${API_V1}/accounts/:account_id/syslog-configs/:id/test`,
  users: `${API_V1}/user/users`,
  roles: `${API_V1}/user/roles`,
  auditEvents: `${API_V1}/audit/events`,
  auditExport: `${API_V1}/audit/events/export`,
  auditVerify: `${API_V1}/audit/chain/verify`,
} as const;
