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
export const userKeys = (accountId: string | undefined) => queryKeys('users', accountScope(accountId));

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
 * Device group names as pickers outside the devices screens read them (query_only=true). They sit under the devices
 * prefix, ['devices', serviceId], which every device change invalidates: a group created there is offered here.
 */
export const deviceGroupNameKeys = (serviceId: string) => queryKeys('devices', serviceId, 'group-names');
