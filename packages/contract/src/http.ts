/** Anti-forgery (spec §7): the cookie the server sets and the header the web client echoes it in. */
export const CSRF_COOKIE = 'VCSRF-TOKEN';
export const CSRF_HEADER = 'X-VCSRF-TOKEN';
export const SESSION_COOKIE = 'KEYDECK_SESSION';

/** Version prefix of the spec's data-layer paths. */
export const API_V1 = '/rest/api/v1';
export const API_V2 = '/rest/api/v2';

/** The data-layer paths; parameters are spelled as on the wire (snake_case), and filled in with apiPath. */
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
  allowedFlows: `${API_V1}/accounts/:account_id/allowed-flows`,
  identityProviders: `${API_V1}/accounts/:account_id/identity-providers`,
  identityProvider: `${API_V1}/accounts/:account_id/identity-providers/:provider_id`,
  openidProviders: `${API_V1}/oauth/openid/providers`,
  openidLoginStart: `${API_V1}/oauth/openid/login/start`,
  openidLoginComplete: `${API_V1}/oauth/openid/login/complete`,
  userAccount: `${API_V1}/user/account`,
  adminIps: `${API_V1}/admin/ips`,
  adminPortRanges: `${API_V1}/admin/port-ranges`,
  accountFeatures: `${API_V2}/account/:account_id/features/`,
  accountFeature: `${API_V2}/account/:account_id/feature/`,
  syslogConfigs: `${API_V1}/accounts/:account_id/syslog-configs`,
  syslogConfig: `${API_V1}/accounts/:account_id/syslog-configs/:config_id`,
  syslogConfigTest: `${API_V1}/accounts/:account_id/syslog-configs/:config_id/test`,
  users: `${API_V1}/user/users`,
  roles: `${API_V1}/user/roles`,
  egressPolicy: `${API_V1}/admin/egress-policy`,
  auditEvents: `${API_V1}/audit/events`,
  auditExport: `${API_V1}/audit/events/export`,
  auditVerify: `${API_V1}/audit/chain/verify`,
  auditCheckpoint: `${API_V1}/audit/chain/checkpoint`,
  mfa: `${API_V1}/mfa`,
  totp: `${API_V1}/totp`,
  totpEnrolBegin: `${API_V1}/totp/enrol/begin`,
  totpEnrolConfirm: `${API_V1}/totp/enrol/confirm`,
  totpAuthenticateComplete: `${API_V1}/totp/authenticate/complete`,
  recoveryCodes: `${API_V1}/recovery-codes`,
  securityKeys: `${API_V1}/security-keys`,
  securityKey: `${API_V1}/security-keys/:key_id`,
  securityKeyRegisterBegin: `${API_V1}/security-keys/register/begin`,
  securityKeyRegisterComplete: `${API_V1}/security-keys/register/complete`,
  u2fAuthenticateBegin: `${API_V1}/u2f/authenticate/begin`,
  u2fAuthenticateComplete: `${API_V1}/u2f/authenticate/complete`,
  userMfaReset: `${API_V1}/user/users/:user_id/mfa/reset`,
  userInvitation: `${API_V1}/user/users/:user_id/invitation`,
  registration: `${API_V1}/registration`,
  registrationConfirm: `${API_V1}/registration/confirm`,
  accountMarketplace: `${API_V1}/admin/accounts/:account_id/marketplace`,
  // Services (spec §7 data layer): catalogue and life cycle, service sessions, service users and groups.
  services: `${API_V1}/service/services`,
  service: `${API_V1}/service/`,
  adminServices: `${API_V1}/admin/services/`,
  serviceLogin: `${API_V1}/service/login/:service_id`,
  serviceUsers: `${API_V1}/service/service_user`,
  jwtServiceUsers: `${API_V1}/service/jwt_service_user`,
  serviceUserGroups: `${API_V1}/service/service_user_group`,
  jwtServiceUserGroups: `${API_V1}/service/jwt_service_user_group`,
  serviceUserGroupPermissions: `${API_V1}/service/service_user_group/permissions`,
  jwtServiceUserGroupPermissions: `${API_V1}/service/jwt_service_user_group/permissions`,
  serviceUserGroupCurrent: `${API_V1}/service/service_user_group/current`,
  jwtServiceUserGroupCurrent: `${API_V1}/service/jwt_service_user_group/current`,
  // Devices of the current service: groups, devices and their batches, models (spec §7).
  deviceGroups: `${API_V1}/service/device_group`,
  devices: `${API_V1}/service/device`,
  devicesMove: `${API_V1}/service/device/move`,
  deviceHistory: `${API_V1}/service/device/history`,
  deviceModels: `${API_V1}/service/device/model/:service_id`,
  // Payment keys of the current service: key groups, symmetric keys, key-slot assignments (spec §7).
  keyGroups: `${API_V1}/service/key_groups`,
  symmetricKeys: `${API_V1}/service/symmetric_key`,
  symmetricKeyExport: `${API_V1}/service/symmetric_key/export`,
  symmetricKeyHistory: `${API_V1}/service/symmetric_key/history`,
  symmetricKeyUtils: `${API_V1}/service/symmetric_key_utils`,
  componentKcv: `${API_V1}/service/symmetric_key_utils/kcv`,
  keyAssignments: `${API_V1}/service/key_assignment`,
  keyLoad: `${API_V1}/service/key_assignment/load`,
  rklExportFormats: `${API_V1}/service/rkl_export_formats`,
  // The current service's own allowed IP addresses, and the optional capabilities it offers (spec §1, §7 service/features).
  serviceAllowedAddresses: `${API_V1}/service/allowed_addresses`,
  serviceFeatures: `${API_V1}/service/features`,
  // Certificate authorities of the current service and the certificates they issue (spec §7 service/cert_authority).
  certAuthorities: `${API_V1}/service/cert_authority`,
  certAuthorityDownload: `${API_V1}/service/cert_authority/download`,
  certAuthorityCrl: `${API_V1}/service/cert_authority/crl`,
  certificates: `${API_V1}/service/certificate`,
  certificateRevoke: `${API_V1}/service/certificate/revoke`,
  certificateDownload: `${API_V1}/service/certificate/download`,
  // Transfer servers of the current service and their SSH host keys (spec §7 service/ftp_servers, scp_servers, host_keys).
  ftpServers: `${API_V1}/service/ftp_servers`,
  ftpServerTest: `${API_V1}/service/ftp_servers/test`,
  scpServers: `${API_V1}/service/scp_servers`,
  scpServerTest: `${API_V1}/service/scp_servers/test`,
  hostKeys: `${API_V1}/service/host_keys`,
  // Scheduled reports of the current service and their run history (spec §7 service/scheduled_reports).
  scheduledReports: `${API_V1}/service/scheduled_reports`,
  scheduledReportRun: `${API_V1}/service/scheduled_reports/run`,
  scheduledReportRuns: `${API_V1}/service/scheduled_reports/runs`,
  // The platform's infrastructure and cloud product (spec §2 /configuration/*): platform administrators only.
  datacenters: `${API_V2}/configuration/datacenters`,
  datacenter: `${API_V2}/configuration/datacenters/:datacenter_id`,
  globalServers: `${API_V2}/configuration/global_servers`,
  globalServer: `${API_V2}/configuration/global_servers/:server_id`,
  ipamZones: `${API_V2}/configuration/ipam-zones`,
  ipamZone: `${API_V2}/configuration/ipam-zones/:zone_id`,
  ipamPools: `${API_V2}/configuration/ipam-zones/:zone_id/pools`,
  ipamPool: `${API_V2}/configuration/ipam-zones/:zone_id/pools/:pool_id`,
  ipamAllocations: `${API_V2}/configuration/ipam-zones/:zone_id/allocations`,
  blueprints: `${API_V2}/configuration/blueprints`,
  blueprint: `${API_V2}/configuration/blueprints/:blueprint_id`,
  resources: `${API_V2}/configuration/resources`,
  provisioners: `${API_V2}/configuration/chsm-provisioners`,
  provisioner: `${API_V2}/configuration/chsm-provisioners/:provisioner_id`,
  provisionerGroups: `${API_V2}/configuration/chsm-provisioner-groups`,
  provisionerGroup: `${API_V2}/configuration/chsm-provisioner-groups/:group_id`,
  productLicenses: `${API_V2}/configuration/licenses`,
  productLicense: `${API_V2}/configuration/licenses/:license_id`,
  // Platform dashboards (spec §2 /admin-dashboards/*), from the real data.
  customerInfrastructureDashboard: `${API_V2}/admin-dashboards/:product/customer-infrastructure`,
  provisioningInfrastructureDashboard: `${API_V2}/admin-dashboards/odh/provisioning-infrastructure`,
  // What a customer may request a cloud HSM from: enabled blueprints and the zones (locations) they place in.
  cloudCatalogue: `${API_V2}/cloud-product/catalogue`,
  // A customer's cloud HSMs and clusters (spec §2 cloud-provisioning/cloud-hsms, cluster-management/clusters, /chc).
  cloudHsms: `${API_V2}/accounts/:account_id/services/:service_id/cloud-hsms`,
  cloudHsm: `${API_V2}/cloud-hsms/:hsm_id`,
  cloudHsmHealth: `${API_V2}/cloud-hsms/:hsm_id/health`,
  cloudHsmPins: `${API_V2}/cloud-hsms/:hsm_id/pins`,
  cloudHsmUserPin: `${API_V2}/cloud-hsms/:hsm_id/user-pin`,
  cloudHsmBackup: `${API_V2}/cloud-hsms/:hsm_id/backup`,
  cloudHsmRestore: `${API_V2}/cloud-hsms/:hsm_id/restore`,
  cloudHsmAuditEvents: `${API_V2}/cloud-hsms/:hsm_id/audit-events`,
  clusters: `${API_V2}/accounts/:account_id/services/:service_id/clusters`,
  cluster: `${API_V2}/clusters/:cluster_id`,
  clusterMembers: `${API_V2}/clusters/:cluster_id/members`,
  clusterMember: `${API_V2}/clusters/:cluster_id/members/:hsm_id`,
  clusterSync: `${API_V2}/clusters/:cluster_id/sync`,
  cloudOverview: `${API_V2}/accounts/:account_id/cloud-overview`,
  // API credentials of an account (responses under data) and their OAuth 2 client-credentials token endpoint.
  credentials: `${API_V2}/accounts/:account_id/credentials`,
  credential: `${API_V2}/accounts/:account_id/credentials/:credential_id`,
  credentialRevoke: `${API_V2}/accounts/:account_id/credentials/:credential_id/revoke`,
  credentialRotate: `${API_V2}/accounts/:account_id/credentials/:credential_id/rotate`,
  credentialOwners: `${API_V2}/accounts/:account_id/credential-owners`,
  oauthToken: `${API_V2}/oauth/token`,
  // Billing (Stripe): the account's own, Stripe's webhook, and the platform's payments.
  billingCatalogue: `${API_V2}/billing/catalogue`,
  billingSetupIntents: `${API_V2}/billing/setup-intents`,
  billingPaymentMethods: `${API_V2}/billing/payment-methods`,
  billingPaymentMethod: `${API_V2}/billing/payment-methods/:payment_method_id`,
  billingPaymentMethodDefault: `${API_V2}/billing/payment-methods/:payment_method_id/default`,
  billingPurchases: `${API_V2}/billing/purchases`,
  billingSubscriptions: `${API_V2}/billing/subscriptions`,
  billingSubscriptionCancel: `${API_V2}/billing/subscriptions/:subscription_id/cancel`,
  billingInvoices: `${API_V2}/billing/invoices`,
  billingUpcoming: `${API_V2}/billing/upcoming`,
  stripeWebhook: `${API_V2}/billing/stripe/webhook`,
  adminPayments: `${API_V2}/admin/payments`,
  adminPaymentRefund: `${API_V2}/admin/payments/:invoice_id/refund`,
  adminPaymentRetry: `${API_V2}/admin/payments/:invoice_id/retry`,
  adminAccountBilling: `${API_V2}/admin/accounts/:account_id/billing`,
  adminSetupIntentStats: `${API_V2}/admin/setup-intents/stats`,
  // Marketplace entitlements (spec §2 /v2/admin/azure, account tab google-marketplace): platform administrators decide by hand.
  marketplaceEntitlements: `${API_V2}/admin/marketplace-entitlements`,
  accountMarketplaceEntitlement: `${API_V2}/admin/accounts/:account_id/marketplace-entitlement`,
  accountMarketplaceEntitlementApprove: `${API_V2}/admin/accounts/:account_id/marketplace-entitlement/approve`,
  accountMarketplaceEntitlementReject: `${API_V2}/admin/accounts/:account_id/marketplace-entitlement/reject`,
  accountMarketplaceEntitlementServices: `${API_V2}/admin/accounts/:account_id/marketplace-entitlement/services`,
  // Splenda (spec §2 /v2/admin/splenda, account tab splenda): partners (resellers) and the accounts each brings.
  partners: `${API_V2}/admin/partners`,
  partner: `${API_V2}/admin/partners/:partner_id`,
  partnerSuspend: `${API_V2}/admin/partners/:partner_id/suspend`,
  partnerReactivate: `${API_V2}/admin/partners/:partner_id/reactivate`,
  accountPartner: `${API_V2}/admin/accounts/:account_id/partner`,
  // CryptoHub (account tab cryptohub): the hub product's tenancy of an account, its region, tier and quotas.
  accountCryptoHub: `${API_V2}/admin/accounts/:account_id/cryptohub`,
  // OAuth clients of an account, the consent page's calls, and the consents a user has given.
  oauthClients: `${API_V2}/accounts/:account_id/oauth-clients`,
  oauthClient: `${API_V2}/accounts/:account_id/oauth-clients/:oauth_client_id`,
  oauthClientRotate: `${API_V2}/accounts/:account_id/oauth-clients/:oauth_client_id/rotate-secret`,
  oauthInteraction: `${API_V2}/oauth/interactions/:uid`,
  oauthInteractionAllow: `${API_V2}/oauth/interactions/:uid/allow`,
  oauthInteractionDeny: `${API_V2}/oauth/interactions/:uid/deny`,
  oauthConsents: `${API_V2}/user/oauth-consents`,
  oauthConsent: `${API_V2}/user/oauth-consents/:grant_id`,
  adminAccountOAuthPolicy: `${API_V2}/admin/accounts/:account_id/oauth-policy`,
  // External CAs of a cryptoverse service (responses under data).
  externalCas: `${API_V2}/cryptoverse/:service_id/externalcas`,
  externalCa: `${API_V2}/cryptoverse/:service_id/externalca/:ca_id`,
  // Solutions: the platform's packaged sets of services, and onboarding one onto an account (responses under data).
  solutions: `${API_V2}/admin/solutions`,
  solution: `${API_V2}/admin/solutions/:solution_id`,
  accountSolutions: `${API_V2}/admin/accounts/:account_id/solutions`,
  solutionOnboard: `${API_V2}/admin/accounts/:account_id/solutions/:solution_id/onboard`,
  solutionRuns: `${API_V2}/admin/accounts/:account_id/solution-runs`,
  solutionRun: `${API_V2}/admin/accounts/:account_id/solution-runs/:run_id`,
} as const;

/** The parameter names of a path, `:account_id` giving 'account_id'. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path needs: exactly its parameters, none when it has none. */
type PathParams<P extends string> = [PathParamNames<P>] extends [never] ? [] : [params: Record<PathParamNames<P>, string>];

/** A path with its parameters filled in, each encoded: `apiPath(ApiPath.syslogConfig, { account_id, config_id })`. */
export function apiPath<P extends string>(path: P, ...[params]: PathParams<P>): string {
  if (!params) return path;
  const values: Record<string, string> = params;
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(values[name]!));
}
