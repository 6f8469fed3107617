import { PERMISSION_DESCRIPTIONS, type PermissionName } from '@keydeck/contract/permissions';
import { OAuthMessages, type OAuthConsent, type OAuthInteraction } from '@keydeck/contract/oauth';
import type { Interaction } from 'oidc-provider';
import type { Db, Tx } from '../../db/database.ts';
import { iso } from '../../db/raw-sql.ts';
import { concerning } from '../../platform/audit.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import type { AuthorizationServer } from './authorization-server.ts';
import * as clients from './oauth-clients.repository.ts';
import * as policy from './account-policy.repository.ts';
import * as repo from './authorization.repository.ts';

/**
 * A pending authorization request with its client, read before the request's transaction opens (see the routes);
 * `allowed` says whether the user's account lets them allow it (another account's application may be refused).
 */
export type Pending = {
  interaction: Interaction;
  client: { id: string; name: string; accountId: string; accountName: string };
  permissions: string[];
  offline: boolean;
  allowed: boolean;
};

/**
 * The pending interaction and its client, or 404 when it expired, was answered, or its client is gone. The
 * authorization server keeps its state through its own connections, so this runs outside any request transaction.
 */
export async function pending(db: Db, server: AuthorizationServer, uid: string, user: Principal): Promise<Pending> {
  const provider = await server.provider();
  const interaction = await provider.Interaction.find(uid);
  const gone = () => notFound(OAuthMessages.interactionGone);
  if (!interaction || interaction.result) throw gone();
  const [found, otherCompanyAllowed] = await inScope(db, SYSTEM_SCOPE, async (tx) => [
    await clients.clientForAuthorization(tx, interaction.params.client_id ?? ''),
    await policy.otherCompanyClientsAllowed(tx, user.account.id),
  ] as const);
  if (!found) throw gone();
  const requested = (interaction.params.scope ?? '').split(' ');
  return {
    interaction,
    client: { id: found.client.id, name: found.client.name, accountId: found.client.accountId, accountName: found.accountName },
    allowed: found.client.accountId === user.account.id || otherCompanyAllowed === true,
    // The client's registered scopes bound what it may ask (oidc-provider refuses a request beyond them).
    permissions: found.client.scopes.filter((s) => requested.includes(s)),
    offline: requested.includes('offline_access') && found.client.grantTypes.includes('refresh_token'),
  };
}

/** What an application asks of the signed-in user at /oauth/authorize. */
export function describe({ interaction, client, permissions, offline, allowed }: Pending, user: Principal): OAuthInteraction {
  return {
    uid: interaction.uid,
    client: { id: client.id, name: client.name, account_name: client.accountName },
    redirect_origin: new URL(interaction.params.redirect_uri ?? '').origin,
    scopes: permissions.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name as PermissionName] ?? name, held: user.permissions.includes(name) })),
    offline_access: offline,
    user: { username: user.username, name: user.name },
    other_company: client.accountId !== user.account.id,
    allowed,
  };
}

/**
 * The user allows: the grant holds the scopes asked that the user may give (openid, offline_access, and the API
 * permissions they hold) and records the rest as rejected, so a token never carries a permission its user did not
 * have when consenting; the console's user is the one who signed in. Answers where the browser resumes the
 * authorization, which then sends the code to the application.
 */
export async function allow(server: AuthorizationServer, { interaction, client, allowed }: Pending, user: Principal): Promise<string> {
  if (!allowed) {
    throw concerning(forbidden('other_company_client', OAuthMessages.otherCompanyRefused), { account: user.account.id, target: client.id });
  }
  const provider = await server.provider();
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing?.accountId === user.userId ? existing : new provider.Grant({ accountId: user.userId, clientId: client.id });
  // Decided from the request itself: the interaction may stand at the login prompt, whose details name no scopes.
  const mayGive = (scope: string) => scope === 'openid' || scope === 'offline_access' || user.permissions.includes(scope);
  const requested = (interaction.params.scope ?? '').split(' ').filter(Boolean);
  const permissions = requested.filter((s) => s !== 'openid' && s !== 'offline_access');
  const [give, refuse] = [requested.filter(mayGive), requested.filter((s) => !mayGive(s))];
  if (give.length) grant.addOIDCScope(give.join(' '));
  if (refuse.length) grant.rejectOIDCScope(refuse.join(' '));
  const held = permissions.filter(mayGive);
  const lacking = permissions.filter((s) => !mayGive(s));
  if (held.length) grant.addResourceScope(server.apiResource, held.join(' '));
  if (lacking.length) grant.rejectResourceScope(server.apiResource, lacking.join(' '));
  const grantId = await grant.save();
  return finish(interaction, { login: { accountId: user.userId, remember: false }, consent: { grantId } });
}

/** The user denies: the application gets access_denied at its redirect URI. */
export function deny({ interaction }: Pending): Promise<string> {
  return finish(interaction, { error: 'access_denied', error_description: 'The user denied the request' });
}

export async function listConsents(tx: Tx, server: AuthorizationServer, userId: string): Promise<OAuthConsent[]> {
  const rows = await repo.consentsOf(tx, userId);
  return rows.map((row) => {
    const payload = row.payload as { iat: number; openid?: { scope?: string }; resources?: Record<string, string> };
    const scopes = (payload.resources?.[server.apiResource] ?? '').split(' ').filter(Boolean);
    const offline = (payload.openid?.scope ?? '').split(' ').includes('offline_access');
    return {
      id: row.id,
      client: { id: row.clientId, name: row.clientName, account_name: row.accountName },
      scopes: offline ? [...scopes, 'offline_access'] : scopes,
      granted_at: new Date(payload.iat * 1000).toISOString(),
      expires_at: iso(row.expiresAt),
    };
  });
}

/** Revoking a consent ends the grant and every token issued under it, at once. */
export async function revokeConsent(tx: Tx, userId: string, grantId: string) {
  const revoked = await repo.revokeConsent(tx, userId, grantId);
  if (!revoked) throw notFound();
  return revoked;
}

/** Records the answer on the interaction; the browser resumes at its returnTo. */
async function finish(interaction: Interaction, result: Record<string, unknown>): Promise<string> {
  interaction.result = result;
  await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
  return interaction.returnTo;
}
