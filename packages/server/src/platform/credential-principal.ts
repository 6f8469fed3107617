import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import { plainAddress } from './ip-ranges.ts';
import { effectivePermissions, type Principal } from './principal.ts';

/** Last use is recorded at most once a minute, so a busy script does not write on every call. */
const TOUCH_SECONDS = 60;

/**
 * The caller behind an API credential's bearer token: the owner, in the owner's account, holding the credential's
 * permissions narrowed to what the owner holds now (a role taken from the owner narrows the credential). Never a
 * platform administrator: a credential acts on its own account only. Null when the credential is revoked,
 * expired, or its owner or account disabled; addressAllowed is false outside the credential's allowed addresses.
 */
export async function credentialPrincipal(db: Db, credentialId: string, ip: string): Promise<{ principal: Principal; addressAllowed: boolean } | null> {
  const [row] = await rowsOf<CredentialRow>(db, sql`select * from keydeck_credential_principal(${credentialId}, ${plainAddress(ip)}, ${TOUCH_SECONDS})`);
  if (!row) return null;
  const ownerHolds = new Set(effectivePermissions(row.platform_admin, row.permissions));
  return {
    addressAllowed: row.address_allowed,
    principal: {
      sessionHash: '',
      userId: row.user_id,
      username: row.username,
      name: row.name,
      email: row.email,
      mfaEnforced: false,
      mfaEnabled: false,
      platformAdmin: false,
      account: {
        id: row.account_id,
        name: row.account_name,
        apiName: row.api_name,
        accountSlug: row.account_slug,
        allowedRanges: row.enforce_ip ? row.allowlist : null,
      },
      permissions: row.credential_permissions.filter((p) => ownerHolds.has(p)).sort(),
      nextFactor: null,
      currentServiceId: null,
      credential: { id: credentialId, name: row.credential_name },
    },
  };
}

type CredentialRow = {
  credential_name: string;
  credential_permissions: string[];
  address_allowed: boolean;
  user_id: string;
  username: string;
  name: string;
  email: string;
  platform_admin: boolean;
  account_id: string;
  account_name: string;
  api_name: string;
  account_slug: string;
  enforce_ip: boolean;
  allowlist: string[];
  permissions: string[];
};
