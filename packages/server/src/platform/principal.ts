import { ALL_PERMISSIONS, type PermissionName } from '@keydeck/contract/permissions';

/** The signed-in user as the server sees them, resolved from the session on every request. */
export type Principal = {
  sessionHash: string;
  userId: string;
  username: string;
  name: string;
  email: string;
  mfaEnforced: boolean;
  /** The user has a confirmed second factor. */
  mfaEnabled: boolean;
  platformAdmin: boolean;
  account: {
    id: string;
    name: string;
    apiName: string;
    accountSlug: string;
    /** The account's IP allowlist when it enforces one (enforce_ip), else null: every address may call. */
    allowedRanges: readonly string[] | null;
  };
  permissions: readonly string[];
  /** The factor still owed; null once fully logged in. */
  nextFactor: 'totp' | 'u2f' | null;
  /** The service selected last in this session (PUT service/services), if any. */
  currentServiceId: string | null;
  /**
   * Set on a bearer call: an API credential acting for its owner, or an OAuth client acting for the user who
   * consented (or for its owner, with client credentials), the user above.
   */
  delegate?: {
    kind: 'credential' | 'oauth_client';
    id: string;
    name: string;
    /**
     * What holds the delegate's service sessions and current service, stable across its tokens: the credential, the
     * OAuth grant (authorization code, kept through refreshes), or the OAuth client (client credentials).
     */
    key: string;
  };
};

/** Who an audit event names as its actor: the user, or the credential or OAuth client acting for them. */
export function actorName(principal: Principal): string {
  const delegate = principal.delegate;
  if (!delegate) return principal.username;
  return delegate.kind === 'credential' ? `credential:${delegate.name} (owner ${principal.username})` : `oauth_client:${delegate.name} (for ${principal.username})`;
}

/** Forced MFA: the user or their account enforces it and the user has no factor yet. */
export function mustSetUpMfa(principal: Principal): boolean {
  return principal.mfaEnforced && !principal.mfaEnabled;
}

/** Platform administrators hold every permission; everyone else holds the union of their roles'. */
export function effectivePermissions(platformAdmin: boolean, rolePermissions: readonly string[]): string[] {
  if (platformAdmin) return [...ALL_PERMISSIONS];
  const known = new Set<string>(ALL_PERMISSIONS);
  return [...new Set(rolePermissions)].filter((p): p is PermissionName => known.has(p)).sort();
}

/** The caller's account as every principal function answers it (migrations 0035, 0036 and 0041). */
export type PrincipalAccountColumns = {
  account_id: string;
  account_name: string;
  api_name: string;
  account_slug: string;
  enforce_ip: boolean;
  allowlist: string[];
};

export function principalAccount(row: PrincipalAccountColumns): Principal['account'] {
  return {
    id: row.account_id,
    name: row.account_name,
    apiName: row.api_name,
    accountSlug: row.account_slug,
    allowedRanges: row.enforce_ip ? row.allowlist : null,
  };
}
