import { Messages } from '@keydeck/contract/messages';
import type { PermissionCategory } from '@keydeck/contract/permissions';
import { allowsServiceAccess, type ServicePermissionLevel, type ServicePermissions } from '@keydeck/contract/services';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { serviceSessions } from '../db/schema/services.ts';
import { type AppError, forbidden, securityRefusal, serviceSessionRequired } from './errors.ts';
import { principalOf } from './endpoint-route.ts';
import { addressAllowed } from './ip-ranges.ts';
import type { ServiceTokens } from './service-tokens.ts';
import { SYSTEM_SCOPE, inScope } from './tenant-scope.ts';

/**
 * What a service data route needs: a live service session and, unless category is null, that category at the
 * given level in the caller's service user group (Modify includes View). jwt routes (the jwt_ paths) take the
 * session from a bearer token only.
 */
export type ServiceAccessRule = { category: PermissionCategory | null; level: ServicePermissionLevel; jwt?: true };

/** The caller's live service session, as a service data handler sees it. */
export type ServiceAccess = {
  serviceId: string;
  /** The service's name, for audit targets: read with the session, so no call asks for it again. */
  serviceName: string;
  serviceSessionId: string;
  serviceUserId: string;
  groupName: string;
  permissions: ServicePermissions;
};

/**
 * The service session a call asks for, known before its principal is: the service the path names (service_id), else
 * the one the service token names, else (null) the console session's current service; the token's session for a
 * JWT service. A refusal found here (no or a forged token, a path id that is no uuid) is thrown only where the
 * pipeline checks service access, after the principal's own checks, as if it had been found there.
 */
export type ServiceSessionWanted = { serviceId: string | null; tokenSessionId: string | null; refusal: AppError | null };

/** What the database function keydeck_service_session answers (migration 0042). */
export type ServiceSessionRow = {
  id: string;
  service_user_id: string;
  group_name: string;
  permissions: ServicePermissions;
  allowed_ranges: string[];
  service_name: string;
  /** The session's service (a delegate's only, migration 0055: it may not know its current service). */
  service_id?: string;
  /** A tenth of the idle timeout has passed since the last slide (never for a JWT session). */
  slide_due: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function serviceSessionWanted(request: FastifyRequest, rule: ServiceAccessRule, tokens: ServiceTokens): Promise<ServiceSessionWanted> {
  const refused = () => ({ serviceId: null, tokenSessionId: null, refusal: serviceSessionRequired() });
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (rule.jwt && !bearer) return refused();
  const claims = bearer ? await tokens.verify(bearer) : null;
  if (bearer && !claims) return refused();
  const named = namedService(request);
  // A path id that is no uuid names no service the caller has a session on (and must not reach a uuid comparison).
  if (named !== undefined && !UUID.test(named)) return refused();
  if (claims && named !== undefined && claims.serviceId !== named) return refused();
  return { serviceId: named ?? claims?.serviceId ?? null, tokenSessionId: claims?.sessionId ?? null, refusal: null };
}

/**
 * The same for a delegate (an API credential or OAuth client): its own token holds the Authorization header, so no
 * service token names a session; the service the path names, else its current service. A jwt route is refused.
 */
export function delegateServiceWanted(request: FastifyRequest, rule: ServiceAccessRule): ServiceSessionWanted {
  const named = namedService(request);
  if (rule.jwt || (named !== undefined && !UUID.test(named))) return { serviceId: null, tokenSessionId: null, refusal: serviceSessionRequired() };
  return { serviceId: named ?? null, tokenSessionId: null, refusal: null };
}

function namedService(request: FastifyRequest): string | undefined {
  return (request.params as { service_id?: string } | undefined)?.service_id;
}

/**
 * Checks the service session read with the principal (one statement: session-store.ts): that there is one, the
 * service's own allowed addresses (on top of the account's allowlist, which the pipeline checked already; none allow
 * every address) and the rule's permission category.
 */
export function checkServiceAccess(
  request: FastifyRequest,
  rule: ServiceAccessRule,
  wanted: ServiceSessionWanted | null,
  row: ServiceSessionRow | null,
): ServiceAccess {
  if (wanted?.refusal) throw wanted.refusal;
  if (!row) throw serviceSessionRequired();
  if (!addressAllowed(request.ip, row.allowed_ranges.length > 0 ? row.allowed_ranges : null)) {
    throw securityRefusal(403, 'service_address_refused', Messages.serviceAddressRefused(request.ip));
  }
  if (rule.category && !allowsServiceAccess(row.permissions, rule.category, rule.level)) {
    throw forbidden(`missing_service_permission:${rule.category}:${rule.level}`, Messages.servicePermissionDenied(rule.category, rule.level));
  }
  return {
    // The service the session was read for: the one wanted, else the caller's current one.
    serviceId: wanted!.serviceId ?? row.service_id ?? principalOf(request).currentServiceId!,
    serviceName: row.service_name,
    serviceSessionId: row.id,
    serviceUserId: row.service_user_id,
    groupName: row.group_name,
    permissions: row.permissions,
  };
}

/**
 * Slides a non-JWT service session's idle expiry, for a call that passed every check and only when the read said a
 * slide is due, so a busy session writes about once per tenth of its idle timeout, and a refused call slides nothing.
 */
export async function slideServiceSession(db: Db, row: ServiceSessionRow, idleSeconds: number): Promise<void> {
  if (!row.slide_due) return;
  await inScope(db, SYSTEM_SCOPE, (tx) =>
    tx
      .update(serviceSessions)
      .set({ expiresAt: sql`now() + make_interval(secs => ${idleSeconds})` })
      .where(eq(serviceSessions.id, row.id)),
  );
}
