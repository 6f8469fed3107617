import { randomUUID } from 'node:crypto';
import type { IdentityProvider, IdentityProviderFields, IdentityProvidersQuery } from '@keydeck/contract/identity-providers';
import { Messages } from '@keydeck/contract/messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './identity-providers.repository.ts';

/** The additional authenticated data a client secret is sealed with: it opens only on its own provider's row. */
export const secretContext = (providerId: string) => `identity_provider:${providerId}:client_secret`;

export async function listProviders(tx: Tx, accountId: string, query: IdentityProvidersQuery) {
  await requireAccount(tx, accountId);
  const { rows, total } = await repo.listProviders(tx, accountId, query);
  return { data: rows.map(toWire), total };
}

export async function createProvider(tx: Tx, box: SecretBox, accountId: string, fields: IdentityProviderFields): Promise<IdentityProvider> {
  await requireAccount(tx, accountId);
  await assertNameFree(tx, accountId, fields.name);
  const id = randomUUID();
  const secret = fields.client_secret ? box.seal(fields.client_secret, secretContext(id)) : null;
  return toWire(await repo.insertProvider(tx, { id, accountId, ...columns(fields), clientSecretSealed: secret }));
}

/** Replaces every field; an empty or missing client secret keeps the stored one. */
export async function updateProvider(tx: Tx, box: SecretBox, accountId: string, id: string, fields: IdentityProviderFields) {
  if (!(await repo.findProvider(tx, accountId, id))) throw notFound();
  await assertNameFree(tx, accountId, fields.name, id);
  const secret = fields.client_secret ? { clientSecretSealed: box.seal(fields.client_secret, secretContext(id)) } : {};
  return toWire((await repo.updateProvider(tx, accountId, id, { ...columns(fields), ...secret }))!);
}

export async function deleteProvider(tx: Tx, accountId: string, id: string) {
  const deleted = await repo.deleteProvider(tx, accountId, id);
  if (!deleted) throw notFound();
  return deleted;
}

async function assertNameFree(tx: Tx, accountId: string, name: string, exceptId?: string) {
  if (await repo.nameTaken(tx, accountId, name, exceptId)) throw badRequest({ name: [Messages.identityProviderNameTaken] });
}

async function requireAccount(tx: Tx, accountId: string) {
  await accounts.findAccount(tx, accountId);
}

function columns(fields: IdentityProviderFields) {
  return {
    name: fields.name,
    // Discovery appends /.well-known/openid-configuration; the issuer is compared exactly, so keep it as entered.
    issuer: fields.issuer,
    clientId: fields.client_id,
    scopes: fields.scopes,
    claim: fields.claim,
    userField: fields.user_field,
    enabled: fields.enabled,
  };
}

function toWire(row: repo.ProviderRow): IdentityProvider {
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    has_client_secret: row.clientSecretSealed !== null,
    scopes: row.scopes,
    claim: row.claim,
    user_field: row.userField === 'username' ? 'username' : 'email',
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  };
}
