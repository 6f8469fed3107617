import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import { delegatedPrincipal, type DelegatedUserRow } from './delegated-principal.ts';
import type { Principal } from './principal.ts';

/** The audience of access tokens for this API (the authorization server's resource indicator answers it). */
export const API_AUDIENCE = 'keydeck-api';

/** How oidc-provider's state stores a bearer value: its SHA-256, so the database holds nothing replayable. */
export function storedTokenId(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** An opaque OAuth access token's shape (oidc-provider's 256-bit nanoid); a JWT has dots and is not one. */
export function isOAuthAccessToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The caller behind an OAuth access token: the consenting user (or, for client credentials, the client's owner)
 * with the token's scopes narrowed to what that user holds now. Null when the token is unknown, expired, revoked,
 * or its client deleted, or its user or account disabled (one statement, migration 0036).
 */
export async function oauthPrincipal(db: Db, token: string): Promise<Principal | null> {
  const id = storedTokenId(token);
  // The token's grant (oauth_payloads has no row-level security), read in the same statement.
  const [row] = await rowsOf<OAuthRow>(
    db,
    sql`select p.*, (select t.grant_id from oauth_payloads t where t.kind = 'AccessToken' and t.id = ${id}) as grant_id from keydeck_oauth_principal(${id}, ${API_AUDIENCE}) p`,
  );
  if (!row) return null;
  const key = row.grant_id ? `oauth_grant:${row.grant_id}` : `oauth_client:${row.client_id}`;
  return delegatedPrincipal(row, { kind: 'oauth_client', id: row.client_id, name: row.client_name, key }, row.scopes);
}

type OAuthRow = DelegatedUserRow & { client_id: string; client_name: string; scopes: string[]; grant_id: string | null };
