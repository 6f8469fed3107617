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
  const [row] = await rowsOf<OAuthRow>(db, sql`select * from keydeck_oauth_principal(${storedTokenId(token)}, ${API_AUDIENCE})`);
  if (!row) return null;
  return delegatedPrincipal(row, { kind: 'oauth_client', id: row.client_id, name: row.client_name }, row.scopes);
}

type OAuthRow = DelegatedUserRow & { client_id: string; client_name: string; scopes: string[] };
