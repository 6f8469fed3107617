import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_TOKEN_SECONDS,
  CredentialMessages,
  DELEGABLE_PERMISSIONS,
  type Credential,
  type CredentialCreate,
  type CredentialOwner,
  type CredentialRotate,
  type CredentialsListQuery,
  type CredentialUpdate,
  type CredentialWithSecret,
  type TokenError,
  type TokenRequest,
  type TokenResponse,
} from '@keydeck/contract/credentials';
import type { Tx } from '../../db/database.ts';
import { credentialDelegateKey } from '../../platform/credential-principal.ts';
import type { CredentialTokens } from '../../platform/credential-tokens.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { addressAllowed, addressInRanges, canonicalRange } from '../../platform/ip-ranges.ts';
import { actorName, effectivePermissions, type Principal } from '../../platform/principal.ts';
import { assertMayChange, assertMayGrant } from '../../platform/privilege.ts';
import { assertMayActOn } from '../users/users.service.ts';
import * as serviceSessions from '../service-sessions/service-sessions.service.ts';
import * as repo from './credentials.repository.ts';

/**
 * A credential's secret is 32 random bytes: SHA-256 of it is enough to store (no password-style stretching), since
 * guessing 256 bits is out of reach whatever the hash costs, and a fast hash keeps the token endpoint cheap.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export async function listCredentials(tx: Tx, accountId: string, query: CredentialsListQuery) {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  const { rows, total } = await repo.listCredentials(tx, accountId, query);
  return { data: rows.map(toWire), total };
}

/** Active users of the account and the permissions a credential may take from each. */
export async function listOwners(tx: Tx, accountId: string): Promise<CredentialOwner[]> {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  const users = await repo.activeUsers(tx, accountId);
  return users.map((u) => ({ id: u.id, username: u.username, name: u.name, permissions: delegable(u.platformAdmin, u.permissions) }));
}

/**
 * Who creates, changes, rotates or revokes a credential or an OAuth client acts for its owner with the permissions it
 * carries: they must hold every one of them, and outrank the owner when that is someone else.
 */
export async function assertMayActFor(tx: Tx, caller: Principal, ownerId: string, carried: readonly string[], granting = false): Promise<void> {
  if (granting) assertMayGrant(caller, carried);
  else assertMayChange(caller, carried);
  if (ownerId !== caller.userId) await assertMayActOn(tx, caller, [ownerId]);
}

export async function createCredential(tx: Tx, caller: Principal, accountId: string, fields: CredentialCreate): Promise<CredentialWithSecret['data']> {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  const [owner] = await repo.activeUsers(tx, accountId, fields.owner_user_id);
  if (!owner) throw badRequest({ owner_user_id: [CredentialMessages.ownerNotActive] });
  await assertMayActFor(tx, caller, owner.id, fields.permissions, true);
  assertWithinOwner(fields.permissions, delegable(owner.platformAdmin, owner.permissions));
  await assertNameFree(tx, accountId, fields.name);
  const secret = newSecret();
  const id = await repo.insertCredential(tx, {
    accountId,
    name: fields.name,
    ownerUserId: owner.id,
    permissions: [...new Set(fields.permissions)].sort(),
    expiresAt: new Date(fields.expires_at),
    allowedCidrs: cidrsOf(fields.allowed_cidrs),
    secretHash: hashSecret(secret),
    createdBy: actorName(caller),
  });
  return { credential: await load(tx, accountId, id), client_id: id, client_secret: secret };
}

export async function updateCredential(tx: Tx, caller: Principal, accountId: string, id: string, fields: CredentialUpdate): Promise<Credential> {
  const found = await repo.findCredential(tx, accountId, id);
  if (!found) throw notFound();
  if (found.credential.revokedAt) throw conflict('revoked', CredentialMessages.revoked);
  await assertMayActFor(tx, caller, found.owner.id, [...found.credential.permissions, ...fields.permissions]);
  const [owner] = await repo.activeUsers(tx, accountId, found.owner.id);
  if (!owner) throw badRequest({ permissions: [CredentialMessages.ownerNotActive] });
  assertWithinOwner(fields.permissions, delegable(owner.platformAdmin, owner.permissions));
  await assertNameFree(tx, accountId, fields.name, id);
  await repo.updateCredential(tx, accountId, id, {
    name: fields.name,
    permissions: [...new Set(fields.permissions)].sort(),
    expiresAt: new Date(fields.expires_at),
    allowedCidrs: cidrsOf(fields.allowed_cidrs),
  });
  return load(tx, accountId, id);
}

/** Revoking takes effect on the credential's next call: every bearer call re-reads it. */
export async function revokeCredential(tx: Tx, caller: Principal, accountId: string, id: string): Promise<Credential> {
  const found = await repo.findCredential(tx, accountId, id);
  if (!found) throw notFound();
  await assertMayActFor(tx, caller, found.owner.id, found.credential.permissions);
  if (!found.credential.revokedAt) await repo.updateCredential(tx, accountId, id, { revokedAt: new Date(), previousSecretHash: null, previousSecretExpiresAt: null });
  await serviceSessions.endDelegate(tx, credentialDelegateKey(id));
  return load(tx, accountId, id);
}

/** A new secret; the current one keeps working for the overlap (none with 0 hours), then only the new one does. */
export async function rotateCredential(tx: Tx, caller: Principal, accountId: string, id: string, { overlap_hours }: CredentialRotate): Promise<CredentialWithSecret['data']> {
  const found = await repo.findCredential(tx, accountId, id);
  if (!found) throw notFound();
  if (found.credential.revokedAt) throw conflict('revoked', CredentialMessages.revoked);
  await assertMayActFor(tx, caller, found.owner.id, found.credential.permissions);
  const secret = newSecret();
  await repo.updateCredential(tx, accountId, id, {
    secretHash: hashSecret(secret),
    previousSecretHash: overlap_hours > 0 ? found.credential.secretHash : null,
    previousSecretExpiresAt: overlap_hours > 0 ? new Date(Date.now() + overlap_hours * 3600_000) : null,
  });
  return { credential: await load(tx, accountId, id), client_id: id, client_secret: secret };
}

type ExchangeCredential = { id: string; name: string; accountId: string; ownerId: string; ownerUsername: string };
type Exchange = { ok: TokenResponse; credential: ExchangeCredential } | { error: TokenError; status: 400 | 401; credential?: ExchangeCredential | undefined; reason: string };

/**
 * RFC 6749 §4.4: a client-credentials grant. The client authenticates with HTTP Basic or in the body (not both);
 * a wrong id or secret, or a revoked or expired credential, is invalid_client, as is a call from an address the
 * credential or its account's allowlist does not admit.
 */
export async function exchangeToken(tx: Tx, tokens: CredentialTokens, body: TokenRequest, authorization: string | undefined, ip: string): Promise<Exchange> {
  const basic = basicCredentials(authorization);
  const invalidRequest = (reason: string, description: string): Exchange => ({ status: 400, reason, error: { error: 'invalid_request', error_description: description } });
  if (basic === 'malformed') return invalidRequest('malformed_basic', 'Malformed HTTP Basic credentials');
  if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
    return invalidRequest('two_client_authentications', 'Authenticate the client either with HTTP Basic or in the body, not both');
  }
  if (!body.grant_type) return invalidRequest('no_grant_type', 'grant_type is required');
  if (body.grant_type !== 'client_credentials') {
    return { status: 400, reason: 'unsupported_grant_type', error: { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported' } };
  }
  const clientId = basic ? basic.id : body.client_id;
  const secret = basic ? basic.secret : body.client_secret;
  if (!clientId || !secret) return invalidRequest('no_client_credentials', 'client_id and client_secret are required');

  const invalidClient = (reason: string, credential?: ExchangeCredential): Exchange => ({
    status: 401,
    reason,
    credential,
    error: { error: 'invalid_client', error_description: 'Client authentication failed' },
  });
  const found = UUID.test(clientId) ? await repo.forTokenExchange(tx, clientId) : undefined;
  if (!found) return invalidClient('unknown_client');
  const c = found.credential;
  // A failed attempt on a known credential goes to its account's log: its administrators see who tries it.
  const credential = { id: c.id, name: c.name, accountId: c.accountId, ownerId: c.ownerUserId, ownerUsername: found.ownerUsername };
  if (!secretMatches(c, secret)) return invalidClient('wrong_secret', credential);
  if (c.revokedAt) return invalidClient('revoked', credential);
  if (c.expiresAt.getTime() <= Date.now()) return invalidClient('expired', credential);
  if (!found.ownerActive || !found.accountActive) return invalidClient('owner_or_account_disabled', credential);
  if ((c.allowedCidrs && !addressInRanges(ip, c.allowedCidrs)) || !addressAllowed(ip, found.allowlist)) return invalidClient('address_not_allowed', credential);
  const access_token = await tokens.issue(c.id, ACCESS_TOKEN_SECONDS);
  return { ok: { access_token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS }, credential };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function basicCredentials(header: string | undefined): { id: string; secret: string } | 'malformed' | null {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  // RFC 6749 §2.3.1: both parts are form-urlencoded before Basic encoding.
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
  } catch {
    return 'malformed';
  }
}

function secretMatches(c: { secretHash: string; previousSecretHash: string | null; previousSecretExpiresAt: Date | null }, secret: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const same = (hash: string) => timingSafeEqual(given, Buffer.from(hash, 'hex'));
  const previousLive = c.previousSecretHash !== null && c.previousSecretExpiresAt !== null && c.previousSecretExpiresAt.getTime() > Date.now();
  return same(c.secretHash) || (previousLive && same(c.previousSecretHash!));
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function delegable(platformAdmin: boolean, rolePermissions: string[]): string[] {
  const held = new Set(effectivePermissions(platformAdmin, rolePermissions));
  return DELEGABLE_PERMISSIONS.filter((p) => held.has(p));
}

function assertWithinOwner(asked: readonly string[], ownerHolds: readonly string[]): void {
  const extra = asked.filter((p) => !ownerHolds.includes(p));
  if (extra.length > 0) throw badRequest({ permissions: [CredentialMessages.ownerLacks(extra)] });
}

async function assertNameFree(tx: Tx, accountId: string, name: string, exceptId?: string) {
  if (await repo.nameTaken(tx, accountId, name, exceptId)) throw badRequest({ name: [CredentialMessages.nameTaken] });
}

function cidrsOf(ranges: readonly string[]): string[] | null {
  return ranges.length > 0 ? [...new Set(ranges.map(canonicalRange))] : null;
}

async function load(tx: Tx, accountId: string, id: string): Promise<Credential> {
  return toWire((await repo.findCredential(tx, accountId, id))!);
}

function toWire({ credential: c, owner }: repo.CredentialWithOwner): Credential {
  const now = Date.now();
  const overlap = c.previousSecretExpiresAt && c.previousSecretExpiresAt.getTime() > now ? c.previousSecretExpiresAt.toISOString() : null;
  return {
    id: c.id,
    account_id: c.accountId,
    name: c.name,
    owner,
    permissions: c.permissions,
    expires_at: c.expiresAt.toISOString(),
    allowed_cidrs: c.allowedCidrs ?? [],
    state: c.revokedAt ? 'revoked' : c.expiresAt.getTime() <= now ? 'expired' : 'active',
    previous_secret_expires_at: overlap,
    created_by: c.createdBy,
    created_at: c.createdAt.toISOString(),
    last_used_at: c.lastUsedAt?.toISOString() ?? null,
    last_used_address: c.lastUsedAddress,
    revoked_at: c.revokedAt?.toISOString() ?? null,
  };
}
