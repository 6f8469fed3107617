import { isLoopbackRedirectUri } from '@keydeck/contract/oauth';
import type { AdapterPayload } from 'oidc-provider';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oauthPayloads } from '../../db/schema/oauth.ts';
import { storedTokenId } from '../../platform/oauth-principal.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import * as repo from './oauth-clients.repository.ts';
import { secretContext } from './oauth-clients.service.ts';

/**
 * Kinds whose id is not a bearer value: kept as it is, since they are looked up by other columns too (a grant by the
 * tokens naming it, a session by its uid) or travel in URLs anyway (an interaction's uid). Every other kind (codes,
 * access and refresh tokens) is stored under the SHA-256 of its value, without the payload's copy of it.
 */
const PLAIN_KINDS = new Set(['Grant', 'Session', 'Interaction']);

/** oidc-provider's adapter interface over PostgreSQL (the table oauth_payloads), so every server process shares its state. */
export function createOAuthAdapter(db: Db, box: SecretBox) {
  return function adapterFor(kind: string) {
    return kind === 'Client' ? clientAdapter(db, box) : payloadAdapter(db, kind);
  };
}

function payloadAdapter(db: Db, kind: string) {
  const plain = PLAIN_KINDS.has(kind);
  const key = (id: string) => (plain ? id : storedTokenId(id));
  const live = or(isNull(oauthPayloads.expiresAt), gt(oauthPayloads.expiresAt, sql`now()`));
  const read = async (where: ReturnType<typeof and>, id?: string): Promise<AdapterPayload | undefined> => {
    const [row] = await db.select({ payload: oauthPayloads.payload, consumedAt: oauthPayloads.consumedAt }).from(oauthPayloads)
      .where(and(eq(oauthPayloads.kind, kind), where, live));
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return {
      ...payload,
      ...(id !== undefined && !plain ? { jti: id } : {}),
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  };

  return {
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const { jti: _replayable, ...rest } = payload;
      const values = {
        payload: plain ? payload : rest,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        accountId: payload.accountId ?? null,
        clientId: payload.clientId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db.insert(oauthPayloads).values({ id: key(id), kind, ...values })
        .onConflictDoUpdate({ target: [oauthPayloads.kind, oauthPayloads.id], set: values });
    },
    find: (id: string) => read(eq(oauthPayloads.id, key(id)), id),
    findByUid: (uid: string) => read(eq(oauthPayloads.uid, uid)),
    findByUserCode: (userCode: string) => read(eq(oauthPayloads.userCode, userCode)),
    async consume(id: string) {
      await db.update(oauthPayloads).set({ consumedAt: sql`now()` }).where(and(eq(oauthPayloads.kind, kind), eq(oauthPayloads.id, key(id))));
    },
    async destroy(id: string) {
      await db.delete(oauthPayloads).where(and(eq(oauthPayloads.kind, kind), eq(oauthPayloads.id, key(id))));
    },
    async revokeByGrantId(grantId: string) {
      await db.delete(oauthPayloads).where(and(eq(oauthPayloads.kind, kind), eq(oauthPayloads.grantId, grantId)));
    },
  };
}

/**
 * Clients come from the accounts' OAuth clients (read only here): the metadata oidc-provider validates, with the
 * confidential client's secret unsealed for its comparison. Refresh tokens need offline_access, so a client allowed
 * them may ask for it.
 */
/**
 * A native app signing in through the browser listens on whatever loopback port is free at the time (RFC 8252 §7.3:
 * the authorization server must allow any port there), as `keydeck login` does. A public client whose every redirect
 * is a loopback http URI is such an app: oidc-provider, told it is native, then matches its redirects without the
 * port. A confidential client's redirects stay exact.
 */
function isLoopbackApp(client: { type: string; redirectUris: string[] }): boolean {
  return client.type === 'public' && client.redirectUris.length > 0 && client.redirectUris.every(isLoopbackRedirectUri);
}

function clientAdapter(db: Db, box: SecretBox) {
  const unsupported = () => Promise.reject(new Error('OAuth clients are managed through the console'));
  return {
    async find(id: string) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const row = await inScope(db, SYSTEM_SCOPE, (tx) => repo.clientForAuthorization(tx, id));
      if (!row) return undefined;
      const { client } = row;
      const grants = new Set(client.grantTypes);
      return {
        client_id: client.id,
        client_name: client.name,
        ...(client.type === 'confidential' && client.sealedSecret
          ? { client_secret: box.open(client.sealedSecret, secretContext(client.id)), token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: client.redirectUris,
        ...(isLoopbackApp(client) ? { application_type: 'native' } : {}),
        grant_types: client.grantTypes,
        response_types: grants.has('authorization_code') ? ['code'] : [],
        scope: ['openid', ...(grants.has('refresh_token') ? ['offline_access'] : []), ...client.scopes].join(' '),
      };
    },
    upsert: unsupported,
    findByUid: unsupported,
    findByUserCode: unsupported,
    consume: unsupported,
    destroy: unsupported,
    revokeByGrantId: unsupported,
  };
}
