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
  passwordReset: `${API_V1}/user/password/reset`,
  passwordTokenVerify: `${API_V1}/user/password/token/verify`,
  passwordTokenUse: `${API_V1}/user/password/token`,
  ownPassword: `${API_V1}/service/user`,
  serverInfo: `${API_V1}/admin/info`,
  adminAccounts: `${API_V1}/admin/accounts`,
  adminAccount: `${API_V1}/admin/accounts/:account_id`,
  accountOffboardingExport: `${API_V1}/admin/accounts/:account_id/offboarding/export`,
  accountOffboarding: `${API_V1}/admin/accounts/:account_id/offboarding`,
  accountLicenses: `${API_V1}/accounts/:account_id/licenses`,
  identityProviders: `${API_V1}/accounts/:account_id/identity-providers`,
  identityProvider: `${API_V1}/accounts/:account_id/identity-providers/:id`,
  openidProviders: `${API_V1}/oauth/openid/providers`,
  openidLoginStart: `${API_V1}/oauth/openid/login/start`,
  openidLoginComplete: `${API_V1}/oauth/openid/login/complete`,
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
  mfa: `${API_V1}/mfa`,
  totp: `${API_V1}/totp`,
  totpEnrolBegin: `${API_V1}/totp/enrol/begin`,
  totpEnrolConfirm: `${API_V1}/totp/enrol/confirm`,
  totpAuthenticateComplete: `${API_V1}/totp/authenticate/complete`,
  recoveryCodes: `${API_V1}/recovery-codes`,
  userMfaReset: `${API_V1}/user/users/:user_id/mfa/reset`,
} as const;
