import type { Endpoint } from './endpoint.ts';
import { accountsApi } from './accounts.api.ts';
import { adminApi } from './admin.api.ts';
import { allowedFlowsApi } from './allowed-flows.api.ts';
import { allowlistApi } from './allowlist.api.ts';
import { apiDocsApi } from './api-docs.api.ts';
import { auditApi } from './audit.api.ts';
import { authApi } from './auth.api.ts';
import { billingApi } from './billing.api.ts';
import { certificatesApi } from './certificates.api.ts';
import { cloudHsmsApi } from './cloud-hsms.api.ts';
import { clustersApi } from './clusters.api.ts';
import { credentialsApi } from './credentials.api.ts';
import { cryptohubApi } from './cryptohub.api.ts';
import { devicesApi } from './devices.api.ts';
import { egressApi } from './egress.api.ts';
import { externalCasApi } from './external-cas.api.ts';
import { featuresApi } from './features.api.ts';
import { healthApi } from './health.api.ts';
import { identityProvidersApi } from './identity-providers.api.ts';
import { infrastructureApi } from './infrastructure.api.ts';
import { licensesApi } from './licenses.api.ts';
import { marketplacesApi } from './marketplaces.api.ts';
import { mfaApi } from './mfa.api.ts';
import { oauthApi } from './oauth.api.ts';
import { offboardingApi } from './offboarding.api.ts';
import { openidLoginApi } from './openid-login.api.ts';
import { partnersApi } from './partners.api.ts';
import { passwordsApi } from './passwords.api.ts';
import { approvalsApi } from './approvals.api.ts';
import { keyCeremoniesApi } from './key-ceremonies.api.ts';
import { paymentKeysApi } from './payment-keys.api.ts';
import { portRangesApi } from './port-ranges.api.ts';
import { registrationApi } from './registration.api.ts';
import { rolesApi } from './roles.api.ts';
import { scheduledReportsApi } from './scheduled-reports.api.ts';
import { searchApi } from './search.api.ts';
import { securityKeysApi } from './security-keys.api.ts';
import { serviceAddressesApi } from './service-addresses.api.ts';
import { serviceFeaturesApi } from './service-features.api.ts';
import { serviceSessionsApi } from './service-sessions.api.ts';
import { serviceUsersApi } from './service-users.api.ts';
import { servicesApi } from './services.api.ts';
import { adminServicesApi } from './services.api.ts';
import { solutionsApi } from './solutions.api.ts';
import { syslogApi } from './syslog.api.ts';
import { transferApi } from './transfer.api.ts';
import { usersApi } from './users.api.ts';

/**
 * Every endpoint of the API, by area: what the typed client binds (`client.of(api.devices)`) and what the route
 * table's check holds the server's routes to (each route registered from exactly one of these, each of these
 * registered).
 */
export const api = {
  accounts: accountsApi,
  admin: adminApi,
  allowedFlows: allowedFlowsApi,
  allowlist: allowlistApi,
  apiDocs: apiDocsApi,
  audit: auditApi,
  auth: authApi,
  billing: billingApi,
  certificates: certificatesApi,
  cloudHsms: cloudHsmsApi,
  clusters: clustersApi,
  credentials: credentialsApi,
  cryptohub: cryptohubApi,
  devices: devicesApi,
  egress: egressApi,
  externalCas: externalCasApi,
  features: featuresApi,
  health: healthApi,
  identityProviders: identityProvidersApi,
  infrastructure: infrastructureApi,
  licenses: licensesApi,
  marketplaces: marketplacesApi,
  mfa: mfaApi,
  oauth: oauthApi,
  offboarding: offboardingApi,
  openidLogin: openidLoginApi,
  partners: partnersApi,
  passwords: passwordsApi,
  paymentKeys: paymentKeysApi,
  keyCeremonies: keyCeremoniesApi,
  approvals: approvalsApi,
  portRanges: portRangesApi,
  registration: registrationApi,
  roles: rolesApi,
  scheduledReports: scheduledReportsApi,
  search: searchApi,
  securityKeys: securityKeysApi,
  serviceAddresses: serviceAddressesApi,
  serviceFeatures: serviceFeaturesApi,
  serviceSessions: serviceSessionsApi,
  serviceUsers: serviceUsersApi,
  services: servicesApi,
  adminServices: adminServicesApi,
  solutions: solutionsApi,
  syslog: syslogApi,
  transfer: transferApi,
  users: usersApi,
} as const;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((group) => Object.values(group) as Endpoint[]);
