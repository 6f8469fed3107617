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

/** One line per tag (an area of a product), shown above its operations in the documents. */
export const tagDescriptions = {
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
  'Key ceremonies': 'Key custodians, and ceremonies that assemble a key from components entered by different custodians.',
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
  Search: 'One search across what the caller may see: keys, devices, certificates, cloud HSMs, users and accounts.',
} as const;
export type ApiTag = keyof typeof tagDescriptions;
