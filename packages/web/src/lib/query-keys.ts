/**
 * The one shape of query keys: the feature's name, then its scope when the data belongs to an account or a
 * service, then list or detail. Every key of a feature or scope starts with `all`, so a mutation invalidates
 * what it may have changed by prefix (`keys.all`, `keys.lists()`). A feature's api file makes its keys here;
 * lint refuses keys written as array literals.
 */
export function queryKeys<const Name extends string, const Scope extends readonly string[] = []>(name: Name, ...scope: Scope) {
  const all = [name, ...scope] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <const Params>(params: Params) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    /** One item, or one aspect of it (`detail(id, 'marketplace')`), refreshed with the item. */
    detail: <const Aspect extends readonly string[]>(id: string, ...aspect: Aspect) => [...all, 'detail', id, ...aspect] as const,
  };
}

/** The scope of an account's data: `accountId` undefined is the caller's own account, which the server resolves. */
export const accountScope = (accountId: string | undefined) => accountId ?? 'own';

/** The account's console users: the users screens list them and the service user picker reads them. */
// eslint-disable-next-line no-restricted-syntax -- the one place the users' keys are made
export const userKeys = (accountId: string | undefined) => queryKeys('users', accountScope(accountId));

/**
 * An account's IP allowlist and whether it is enforced: the allowlist panel shows both, and the company settings
 * switch enforcement, which makes every account's copy stale (`everyAllowlist`).
 */
export const allowlistKeys = (accountId: string | undefined) => queryKeys('allowlist', accountScope(accountId));
export const everyAllowlist = queryKeys('allowlist').all;

/**
 * The payment keys of a service: key groups, symmetric keys and key-slot assignments. They change together (a
 * rotation changes the KCV an assignment shows, a new key the group's count), so a change invalidates
 * `paymentKeyKeys(serviceId).all` and every payment-key list of the service refreshes.
 */
export const paymentKeyKeys = (serviceId: string) => queryKeys('payment-keys', serviceId);
export const keyGroupKeys = (serviceId: string) => queryKeys('payment-keys', serviceId, 'groups');
export const symmetricKeyKeys = (serviceId: string) => queryKeys('payment-keys', serviceId, 'symmetric-keys');
export const keyAssignmentKeys = (serviceId: string) => queryKeys('payment-keys', serviceId, 'assignments');
/**
 * A service's certificate authorities and the certificates they issue. They change together (issuing or revoking
 * changes a CA's counts and CRL, deleting a CA takes its certificates), so a change invalidates
 * `certificateKeys(serviceId).all` and both certificate sections refresh.
 */
export const certificateKeys = (serviceId: string) => queryKeys('certificates', serviceId);
export const certAuthorityKeys = (serviceId: string) => queryKeys('certificates', serviceId, 'authorities');
export const issuedCertificateKeys = (serviceId: string) => queryKeys('certificates', serviceId, 'issued');
/**
 * Device group names as pickers outside the devices screens read them (query_only=true). They sit under the devices
 * prefix, ['devices', serviceId], which every device change invalidates: a group created there is offered here.
 */
export const deviceGroupNameKeys = (serviceId: string) => queryKeys('devices', serviceId, 'group-names');
/** What the service offers (GET service/features): asked once per service, it changes only with its type or the account's flags. */
export const serviceFeatureKeys = (serviceId: string) => queryKeys('service-features', serviceId);
/** The service's own allowed IP addresses. */
export const serviceAddressKeys = (serviceId: string) => queryKeys('service-addresses', serviceId);
/**
 * A service's transfer servers (SFTP, SCP, FTP, FTPS) and the SSH host keys pinned for them. A connection test records
 * a host key, trusting one changes the servers' host-key state: a change invalidates `transferKeys(serviceId).all`.
 */
export const transferKeys = (serviceId: string) => queryKeys('transfer', serviceId);
export const transferServerKeys = (serviceId: string) => queryKeys('transfer', serviceId, 'servers');
export const hostKeyKeys = (serviceId: string) => queryKeys('transfer', serviceId, 'host-keys');
/**
 * A service's scheduled reports and each one's run history (`detail(name, 'runs')`). A change or a finished run
 * invalidates `scheduledReportKeys(serviceId).all`: the list's last run and the open history refresh together.
 */
export const scheduledReportKeys = (serviceId: string) => queryKeys('scheduled-reports', serviceId);
