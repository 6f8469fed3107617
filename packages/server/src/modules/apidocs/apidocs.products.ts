/** The five API products whose OpenAPI documents are served at /rest/api/v2/{product}/swagger/ (spec §7). */
export const apiProducts = ['vip-auth', 'identity', 'crypto-cluster', 'cloud-product', 'cryptohub'] as const;
export type ApiProduct = (typeof apiProducts)[number];

export const productTitles: Record<ApiProduct, string> = {
  'vip-auth': 'VIP authentication',
  identity: 'Identity and platform administration',
  'crypto-cluster': 'Crypto cluster (service data)',
  'cloud-product': 'Cloud product',
  cryptohub: 'CryptoHub',
};

/**
 * THE split of operations into products, and of each product into tags (one per area), by path prefix.
 * The first rule whose prefix starts the path wins, so longer prefixes come before shorter ones;
 * a rule with `contains` matches anywhere in the path. The API test fails when an operation matches none.
 */
const rules: { prefix?: string; contains?: string; product: ApiProduct; tag: string }[] = [
  // Credentials and OAuth (issue 15's other half) wherever they are mounted.
  { contains: '/credential', product: 'vip-auth', tag: 'credentials' },
  { contains: '/oauth-clients', product: 'vip-auth', tag: 'credentials' },
  { contains: '/oauth-policy', product: 'vip-auth', tag: 'OAuth' },
  { prefix: '/rest/api/v2/oauth/interactions', product: 'vip-auth', tag: 'OAuth' },
  { prefix: '/rest/api/v2/user/oauth-consents', product: 'vip-auth', tag: 'OAuth' },
  { prefix: '/oauth', product: 'vip-auth', tag: 'credentials' },
  { prefix: '/rest/api/v2/oauth', product: 'vip-auth', tag: 'credentials' },
  // Before the `contains` rules below: the platform's HSM licences are not an account's licences.
  { prefix: '/rest/api/v2/configuration', product: 'cloud-product', tag: 'Infrastructure configuration' },
  { prefix: '/rest/api/v1/oauth/openid', product: 'vip-auth', tag: 'Sign-in' },
  { prefix: '/rest/api/v1/oauth', product: 'vip-auth', tag: 'credentials' },
  { prefix: '/rest/api/v1/login', product: 'vip-auth', tag: 'Sign-in' },
  { prefix: '/rest/api/v1/logout', product: 'vip-auth', tag: 'Sign-in' },
  { prefix: '/rest/api/v1/registration', product: 'vip-auth', tag: 'Registration' },
  { prefix: '/rest/api/v1/user/password', product: 'vip-auth', tag: 'Passwords' },
  // service/user is the spec's path for changing one's own console password.
  { prefix: '/rest/api/v1/service/user', product: 'vip-auth', tag: 'Passwords' },
  { prefix: '/rest/api/v1/mfa', product: 'vip-auth', tag: 'MFA' },
  { prefix: '/rest/api/v1/totp', product: 'vip-auth', tag: 'MFA' },
  { prefix: '/rest/api/v1/u2f', product: 'vip-auth', tag: 'MFA' },
  { prefix: '/rest/api/v1/security-keys', product: 'vip-auth', tag: 'MFA' },
  { prefix: '/rest/api/v1/recovery-codes', product: 'vip-auth', tag: 'MFA' },

  { contains: '/solution', product: 'identity', tag: 'Solutions' },
  { prefix: '/healthz', product: 'identity', tag: 'Health' },
  { prefix: '/readyz', product: 'identity', tag: 'Health' },
  { prefix: '/rest/api/v1/user/users', product: 'identity', tag: 'Users' },
  { prefix: '/rest/api/v1/user/roles', product: 'identity', tag: 'Roles' },
  { prefix: '/rest/api/v1/user/account', product: 'identity', tag: 'Accounts' },
  { prefix: '/rest/api/v1/admin/accounts', product: 'identity', tag: 'Accounts' },
  // An account's marketplace entitlement sits under v2/admin/accounts, beside the list of all of them.
  { contains: '/marketplace-entitlement', product: 'identity', tag: 'Marketplaces' },
  // Partners and an account's partner, under v2/admin.
  { contains: '/partner', product: 'identity', tag: 'Partners' },
  // An account's hub tenancy (its quotas guard the hub's services and cloud HSMs).
  { contains: '/cryptohub', product: 'cryptohub', tag: 'CryptoHub tenancy' },
  { prefix: '/rest/api/v1/admin/info', product: 'identity', tag: 'Platform' },
  { prefix: '/rest/api/v1/admin/egress-policy', product: 'identity', tag: 'Platform' },
  { prefix: '/rest/api/v1/admin/ips', product: 'identity', tag: 'Allowlist' },
  { contains: '/allowed-flows', product: 'identity', tag: 'Identity providers' },
  { contains: '/identity-providers', product: 'identity', tag: 'Identity providers' },
  { contains: '/licenses', product: 'identity', tag: 'Licenses' },
  { contains: '/syslog-configs', product: 'identity', tag: 'Syslog' },
  { prefix: '/rest/api/v2/account/', product: 'identity', tag: 'Features' },
  { prefix: '/rest/api/v1/audit', product: 'identity', tag: 'Audit' },

  { prefix: '/rest/api/v1/service/device', product: 'crypto-cluster', tag: 'Devices' },
  { prefix: '/rest/api/v1/service/symmetric_key', product: 'crypto-cluster', tag: 'Keys' },
  { prefix: '/rest/api/v1/service/key_groups', product: 'crypto-cluster', tag: 'Keys' },
  { prefix: '/rest/api/v1/service/rkl_export_formats', product: 'crypto-cluster', tag: 'Keys' },
  { prefix: '/rest/api/v1/service/key_assignment', product: 'crypto-cluster', tag: 'Key assignments' },
  { prefix: '/rest/api/v1/service/cert_authority', product: 'crypto-cluster', tag: 'Certificates' },
  { prefix: '/rest/api/v1/service/certificate', product: 'crypto-cluster', tag: 'Certificates' },
  { prefix: '/rest/api/v1/service/ftp_servers', product: 'crypto-cluster', tag: 'Transfer' },
  { prefix: '/rest/api/v1/service/scp_servers', product: 'crypto-cluster', tag: 'Transfer' },
  { prefix: '/rest/api/v1/service/host_keys', product: 'crypto-cluster', tag: 'Transfer' },
  { prefix: '/rest/api/v1/service/scheduled_reports', product: 'crypto-cluster', tag: 'Reports' },
  { prefix: '/rest/api/v1/service/service_user', product: 'crypto-cluster', tag: 'Service users' },
  { prefix: '/rest/api/v1/service/jwt_service_user', product: 'crypto-cluster', tag: 'Service users' },
  { prefix: '/rest/api/v2/cryptoverse', product: 'crypto-cluster', tag: 'Cryptoverse' },

  { prefix: '/rest/api/v2/cloud-hsms', product: 'cloud-product', tag: 'Cloud HSMs' },
  { contains: '/cloud-hsms', product: 'cloud-product', tag: 'Cloud HSMs' },
  { prefix: '/rest/api/v2/clusters', product: 'cloud-product', tag: 'Clusters' },
  { contains: '/clusters', product: 'cloud-product', tag: 'Clusters' },
  { contains: '/cloud-overview', product: 'cloud-product', tag: 'Dashboards' },
  { prefix: '/rest/api/v2/admin-dashboards', product: 'cloud-product', tag: 'Dashboards' },
  { prefix: '/rest/api/v2/cloud-product', product: 'cloud-product', tag: 'Catalogue' },
  { prefix: '/rest/api/v1/admin/port-ranges', product: 'cloud-product', tag: 'Port ranges' },

  { prefix: '/rest/api/v1/service/login', product: 'cryptohub', tag: 'Service sessions' },
  { prefix: '/rest/api/v1/service/allowed_addresses', product: 'cryptohub', tag: 'Service settings' },
  { prefix: '/rest/api/v1/service/features', product: 'cryptohub', tag: 'Service settings' },
  { prefix: '/rest/api/v1/admin/services', product: 'cryptohub', tag: 'Service requests' },
  { prefix: '/rest/api/v1/service/services', product: 'cryptohub', tag: 'Services' },
  { prefix: '/rest/api/v1/service', product: 'cryptohub', tag: 'Services' },
  { prefix: '/rest/api/v2/chc', product: 'cryptohub', tag: 'Services' },
  // What the hub sells and how it is paid: the account's billing and the platform's payments.
  { prefix: '/rest/api/v2/billing', product: 'cryptohub', tag: 'Billing' },
  { prefix: '/rest/api/v2/admin/payments', product: 'cryptohub', tag: 'Payments' },
  { prefix: '/rest/api/v2/admin/setup-intents', product: 'cryptohub', tag: 'Payments' },
  { contains: '/billing', product: 'cryptohub', tag: 'Payments' },
];

/** The product and tag of a documented path (OpenAPI form, no trailing slash), or null when no rule covers it. */
export function classify(path: string): { product: ApiProduct; tag: string } | null {
  const rule = rules.find((r) => (r.prefix ? path.startsWith(r.prefix) : path.includes(r.contains!)));
  return rule ? { product: rule.product, tag: rule.tag } : null;
}

/** One line per tag, shown above its operations. */
export const tagDescriptions: Record<string, string> = {
  Billing: "What an account can buy (Stripe prices), its cards (added with Stripe Elements), subscriptions, invoices and the next charge; and Stripe's webhook.",
  Payments: "Every account's payments for platform administrators: refunds, retries, an account's billing and card setups over time.",
  credentials: 'API credentials, OAuth clients and the token endpoint scripts exchange a credential at.',
  OAuth: 'The consent page behind /oauth/authorize and the applications a user allows; the authorization server itself is described at /oauth2/.well-known/openid-configuration.',
  'Sign-in': 'Password and OpenID Connect sign-in, the current session, sign-out.',
  Registration: 'Self-service registration of a new customer account.',
  Passwords: 'Password reset by mailed link, invitations, changing one\u2019s own password.',
  MFA: 'Second factors: authenticator app (TOTP), security keys (WebAuthn), recovery codes.',
  Health: 'Liveness and readiness probes for load balancers.',
  Users: 'The account\u2019s users, their roles, invitations and MFA resets.',
  Roles: 'Roles: named sets of permissions.',
  Solutions: 'Packaged sets of services with their key groups and device models, and onboarding one onto an account in one step.',
  Accounts: 'Customer accounts, their settings, marketplace subscriptions and offboarding.',
  Marketplaces: 'Entitlements of accounts that signed up through the Azure or Google Cloud marketplace, approved or rejected by a platform administrator.',
  Partners: 'The partner (reseller) channel: partners, their commission on their accounts\u2019 paid revenue, and which account belongs to which partner.',
  'CryptoHub tenancy': 'An account\u2019s CryptoHub tenancy: enabled or not, home region, support tier and the quotas on its services and cloud HSMs.',
  Platform: 'Server information and the egress policy for tenant-configured connections.',
  Allowlist: 'The IP address ranges an account accepts calls from.',
  'Identity providers': 'OpenID Connect identity providers and the sign-in flows an account allows.',
  Licenses: 'Licenses granted to an account.',
  Syslog: 'Forwarding an account\u2019s audit events to syslog servers.',
  Features: 'Product features enabled per account.',
  Audit: 'The audit trail, its export and its integrity check.',
  Devices: 'The current service\u2019s devices, device groups and models.',
  Keys: 'The current service\u2019s symmetric keys, key groups and key utilities.',
  'Key assignments': 'Which keys devices use, and loading them onto devices.',
  Certificates: 'Certificate authorities, issued certificates and revocation.',
  Transfer: 'FTP and SCP/SFTP servers files are delivered to, and their trusted host keys.',
  Reports: 'Scheduled reports and their runs.',
  'Service users': 'Who may work in the current service and what each group may do.',
  Cryptoverse: 'External certificate authorities connected to a service.',
  'Cloud HSMs': 'Cloud HSMs: requests, state, health, PINs, backup and restore.',
  Clusters: 'Clusters of cloud HSMs and their members.',
  Dashboards: 'Cloud overview for customers and infrastructure dashboards for platform administrators.',
  'Infrastructure configuration': 'Datacenters, servers, IPAM, blueprints, provisioners, HSM licenses and resources.',
  Catalogue: 'The cloud products customers can request.',
  'Port ranges': 'Port ranges assigned to accounts.',
  'Service sessions': 'Opening and closing a session for one service; service data calls need one.',
  'Service settings': 'The current service\u2019s features and allowed addresses.',
  'Service requests': 'Every account\u2019s services and requests, for platform administrators.',
  Services: 'The account\u2019s services: list, request, cancel, select.',
};
