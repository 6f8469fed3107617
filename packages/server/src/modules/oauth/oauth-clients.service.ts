import { randomBytes, randomUUID } from 'node:crypto';
import { CredentialMessages } from '@keydeck/contract/credentials';
import {
  OAuthMessages,
  type OAuthClient,
  type OAuthClientCreate,
  type OAuthClientUpdate,
  type OAuthClientWithSecret,
} from '@keydeck/contract/oauth';
import type { OAuthClientsListQuery } from '@keydeck/contract/oauth-queries';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/raw-sql.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { actorName, type Principal } from '../../platform/principal.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import * as credentials from '../credentials/credentials.service.ts';
import * as repo from './oauth-clients.repository.ts';

/** The context a client's sealed secret is bound to: it opens for this client only. */
export const secretContext = (clientId: string) => `oauth-client:${clientId}`;

export async function listClients(tx: Tx, accountId: string, query: OAuthClientsListQuery) {
  if (!(await repo.accountExists(tx, accountId))) throw notFound();
  const { rows, total } = await repo.listClients(tx, accountId, query);
  return { data: rows.map(toWire), total };
}

export async function getClient(tx: Tx, accountId: string, id: string): Promise<OAuthClient> {
  const found = await repo.findClient(tx, accountId, id);
  if (!found) throw notFound();
  return toWire(found);
}

export async function createClient(tx: Tx, box: SecretBox, caller: Principal, accountId: string, fields: OAuthClientCreate): Promise<OAuthClientWithSecret['data']> {
  const owners = await credentials.listOwners(tx, accountId);
  const owner = owners.find((o) => o.id === fields.owner_user_id);
  if (!owner) throw badRequest({ owner_user_id: [CredentialMessages.ownerNotActive] });
  await credentials.assertMayActFor(tx, caller, owner.id, fields.scopes, true);
  assertWithinOwner(fields.scopes, owner.permissions);
  await assertNameFree(tx, accountId, fields.name);
  const id = randomUUID();
  const secret = fields.type === 'confidential' ? newSecret() : null;
  await repo.insertClient(tx, {
    id,
    accountId,
    name: fields.name,
    type: fields.type,
    ownerUserId: owner.id,
    ...settings(fields),
    sealedSecret: secret === null ? null : box.seal(secret, secretContext(id)),
    createdBy: actorName(caller),
  });
  return { client: await getClient(tx, accountId, id), client_secret: secret };
}

export async function updateClient(tx: Tx, caller: Principal, accountId: string, id: string, fields: OAuthClientUpdate): Promise<OAuthClient> {
  const found = await repo.findClient(tx, accountId, id);
  if (!found) throw notFound();
  await credentials.assertMayActFor(tx, caller, found.owner.id, [...found.client.scopes, ...fields.scopes]);
  if (found.client.type === 'public' && fields.grant_types.includes('client_credentials')) {
    throw badRequest({ grant_types: [OAuthMessages.publicNoClientCredentials] });
  }
  const owner = (await credentials.listOwners(tx, accountId)).find((o) => o.id === found.owner.id);
  if (!owner) throw badRequest({ scopes: [CredentialMessages.ownerNotActive] });
  assertWithinOwner(fields.scopes, owner.permissions);
  await assertNameFree(tx, accountId, fields.name, id);
  await repo.updateClient(tx, accountId, id, { name: fields.name, ...settings(fields) });
  return getClient(tx, accountId, id);
}

/** A new secret at once: the old one stops working on the next token request (no overlap, unlike credentials). */
export async function rotateSecret(tx: Tx, box: SecretBox, caller: Principal, accountId: string, id: string): Promise<OAuthClientWithSecret['data']> {
  const found = await repo.findClient(tx, accountId, id);
  if (!found) throw notFound();
  await credentials.assertMayActFor(tx, caller, found.owner.id, found.client.scopes);
  if (found.client.type === 'public') throw conflict('public_client', 'A public client has no secret to rotate');
  const secret = newSecret();
  await repo.updateClient(tx, accountId, id, { sealedSecret: box.seal(secret, secretContext(id)), secretRotatedAt: new Date() });
  return { client: await getClient(tx, accountId, id), client_secret: secret };
}

export async function deleteClient(tx: Tx, caller: Principal, accountId: string, id: string): Promise<void> {
  const found = await repo.findClient(tx, accountId, id);
  if (!found) throw notFound();
  await credentials.assertMayActFor(tx, caller, found.owner.id, found.client.scopes);
  await repo.deleteClient(tx, accountId, id);
}

function settings(fields: OAuthClientUpdate) {
  return {
    redirectUris: [...new Set(fields.redirect_uris)],
    grantTypes: [...new Set(fields.grant_types)].sort(),
    scopes: [...new Set(fields.scopes)].sort(),
  };
}

function assertWithinOwner(scopes: readonly string[], ownerHolds: readonly string[]): void {
  const extra = scopes.filter((s) => !ownerHolds.includes(s));
  if (extra.length > 0) throw badRequest({ scopes: [CredentialMessages.ownerLacks(extra)] });
}

async function assertNameFree(tx: Tx, accountId: string, name: string, exceptId?: string): Promise<void> {
  if (await repo.nameTaken(tx, accountId, name, exceptId)) throw badRequest({ name: [OAuthMessages.nameTaken] });
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function toWire({ client, owner, consents }: repo.ClientWithOwner): OAuthClient {
  return {
    id: client.id,
    account_id: client.accountId,
    name: client.name,
    type: client.type,
    owner,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes as OAuthClient['grant_types'],
    scopes: client.scopes,
    consents,
    created_by: client.createdBy,
    created_at: iso(client.createdAt),
    secret_rotated_at: iso(client.secretRotatedAt),
  };
}
