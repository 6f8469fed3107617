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
  /** Set when the caller is an API credential's bearer token, acting for its owner (the user above). */
  credential?: { id: string; name: string };
};

/** Who an audit event names as its actor: the user, or the credential tied to its owner. */
export function actorName(principal: Principal): string {
  return principal.credential ? `credential:${principal.credential.name} (owner ${principal.username})` : principal.username;
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
