import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import { delegatedPrincipal, type DelegatedUserRow } from './delegated-principal.ts';
import { plainAddress } from './ip-ranges.ts';
import type { Principal } from './principal.ts';

/** Last use is recorded at most once a minute, so a busy script does not write on every call. */
const TOUCH_SECONDS = 60;

/** What holds a credential's service sessions and current service (Principal.delegate.key). */
export const credentialDelegateKey = (credentialId: string) => `credential:${credentialId}`;

/**
 * The caller behind an API credential's bearer token: the owner, holding the credential's permissions narrowed to
 * the owner's. Null when the credential is revoked, expired, or its owner or account disabled; addressAllowed is
 * false outside the credential's allowed addresses.
 */
export async function credentialPrincipal(db: Db, credentialId: string, ip: string): Promise<{ principal: Principal; addressAllowed: boolean } | null> {
  const [row] = await rowsOf<CredentialRow>(db, sql`select * from keydeck_credential_principal(${credentialId}, ${plainAddress(ip)}, ${TOUCH_SECONDS})`);
  if (!row) return null;
  return {
    addressAllowed: row.address_allowed,
    principal: delegatedPrincipal(row, { kind: 'credential', id: credentialId, name: row.credential_name, key: credentialDelegateKey(credentialId) }, row.credential_permissions),
  };
}

type CredentialRow = DelegatedUserRow & { credential_name: string; credential_permissions: string[]; address_allowed: boolean };
