import { effectivePermissions, principalAccount, type Principal, type PrincipalAccountColumns } from './principal.ts';

/** The owner or consenting user, their account and roles, as the principal functions (migrations 0035, 0036) answer them. */
export type DelegatedUserRow = PrincipalAccountColumns & {
  user_id: string;
  username: string;
  name: string;
  email: string;
  platform_admin: boolean;
  permissions: string[];
};

/**
 * A bearer caller acting for a user: the delegate's granted permissions narrowed to what the user holds now (a role
 * taken from the user narrows the delegate at once). Never a platform administrator: a delegate acts on the user's
 * own account only.
 */
export function delegatedPrincipal(row: DelegatedUserRow, delegate: NonNullable<Principal['delegate']>, granted: readonly string[]): Principal {
  const userHolds = new Set(effectivePermissions(row.platform_admin, row.permissions));
  return {
    sessionHash: '',
    userId: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    mfaEnforced: false,
    mfaEnabled: false,
    platformAdmin: false,
    account: principalAccount(row),
    permissions: granted.filter((p) => userHolds.has(p)).sort(),
    nextFactor: null,
    currentServiceId: null,
    delegate,
  };
}
