import { CredentialMessages } from '@keydeck/contract/credentials';
import { Messages } from '@keydeck/contract/messages';
import type { ServiceSession } from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { conflict, forbidden, notFound, securityRefusal } from '../../platform/errors.ts';
import { addressAllowed } from '../../platform/ip-ranges.ts';
import type { Principal } from '../../platform/principal.ts';
import type { ServiceTokens } from '../../platform/service-tokens.ts';
import * as repo from './service-sessions.repository.ts';

export type ServiceSessionDeps = { tokens: ServiceTokens; idleSeconds: number };

/**
 * Opens a service session for the signed-in user, or for a delegate acting for them (held by its credential or
 * OAuth grant, not by any one token): the service must be the account's, Enabled, and the user one of its service
 * users. A JWT service also gets a bearer token that expires with the session.
 */
export async function login(tx: Tx, principal: Principal, serviceId: string, deps: ServiceSessionDeps, clientAddress: string): Promise<ServiceSession> {
  const service = await repo.findService(tx, principal.account.id, serviceId);
  if (!service) throw notFound();
  if (service.status !== 'Enabled') throw conflict('service_not_enabled', Messages.serviceNotEnabled);
  // A delegate's own token holds the Authorization header a JWT service's token would need.
  if (principal.delegate && service.useJwt) throw conflict('delegate_jwt_service', CredentialMessages.noJwtServiceSession);
  // The service's allowed addresses hold at the door too, not only on each data call.
  const ranges = await repo.allowedRanges(tx, serviceId);
  if (!addressAllowed(clientAddress, ranges.length > 0 ? ranges : null)) {
    throw securityRefusal(403, 'service_address_refused', Messages.serviceAddressRefused(clientAddress));
  }
  const serviceUserId = await repo.findServiceUserId(tx, serviceId, principal.userId);
  if (!serviceUserId) throw forbidden('not_a_service_user', Messages.notAServiceUser);
  const opened = await repo.upsertSession(tx, holderOf(principal), {
    accountId: principal.account.id,
    serviceId,
    serviceUserId,
    idleSeconds: deps.idleSeconds,
  });
  const token = service.useJwt
    ? await deps.tokens.issue({ sessionId: opened.id, serviceId, expiresAt: opened.expiresAt })
    : undefined;
  return toWire(serviceId, opened.expiresAt, deps.idleSeconds, token);
}

/** The caller's live session on the service, without its token (a JWT is handed out once, at login). */
export async function current(tx: Tx, principal: Principal, serviceId: string, idleSeconds: number): Promise<ServiceSession | null> {
  if (!(await repo.findService(tx, principal.account.id, serviceId))) throw notFound();
  const live = await repo.findLiveSession(tx, holderOf(principal), serviceId);
  return live ? toWire(serviceId, live.expiresAt, idleSeconds) : null;
}

export async function logout(tx: Tx, principal: Principal, serviceId: string): Promise<void> {
  if (!(await repo.findService(tx, principal.account.id, serviceId))) throw notFound();
  await repo.deleteSession(tx, holderOf(principal), serviceId);
}

/** A revoked credential's service sessions end with it (its tokens are refused already), and its current service. */
export const endDelegate = (tx: Tx, delegateKey: string) => repo.forgetDelegate(tx, delegateKey);

function holderOf(principal: Principal): repo.Holder {
  return principal.delegate ? { delegateKey: principal.delegate.key } : { consoleSessionHash: principal.sessionHash };
}

function toWire(serviceId: string, expiresAt: Date, idleSeconds: number, token?: string): ServiceSession {
  return { service_id: serviceId, expires_at: expiresAt.toISOString(), idle_timeout_seconds: idleSeconds, ...(token ? { token } : {}) };
}
