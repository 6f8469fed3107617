import { Messages } from '@keydeck/contract/messages';
import type { PermissionCategory } from '@keydeck/contract/permissions';
import { allowsServiceAccess, type ServicePermissionLevel, type ServicePermissions } from '@keydeck/contract/services';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { forbidden, securityRefusal, serviceSessionRequired } from './errors.ts';
import { addressAllowed } from './ip-ranges.ts';
import type { ServiceTokens } from './service-tokens.ts';

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

type AccessRow = { id: string; service_user_id: string; group_name: string; permissions: ServicePermissions; allowed_ranges: string[]; service_name: string };

/** The service session as one json value (the database function keydeck_service_access, migration 0041). */
const ACCESS_SQL = 'select keydeck_service_access($1, $2, $3, $4) as access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves and checks the caller's service session before the handler runs (one statement: the database
 * function keydeck_service_access, migrations 0020, 0030 and 0041, run by the driver directly), then the service's own allowed addresses (on top of
 * the account's allowlist, which the pipeline checked already; none allow every address). The service is the one the
 * path names (service_id), else the one the token names, else the console session's current service.
 * A non-JWT session slides its idle expiry on every call; a JWT session ends when its token does.
 */
export async function resolveServiceAccess(
  database: Pick<Database, 'executeSql'>,
  request: FastifyRequest,
  rule: ServiceAccessRule,
  deps: { tokens: ServiceTokens; idleSeconds: number },
): Promise<ServiceAccess> {
  const principal = request.principal!;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (rule.jwt && !bearer) throw serviceSessionRequired();
  const claims = bearer ? await deps.tokens.verify(bearer) : null;
  if (bearer && !claims) throw serviceSessionRequired();

  const named = (request.params as { service_id?: string } | undefined)?.service_id;
  const serviceId = named ?? claims?.serviceId ?? principal.currentServiceId;
  // A path id that is no uuid names no service the caller has a session on (and must not reach a uuid comparison).
  if (!serviceId || !UUID.test(serviceId) || (claims && claims.serviceId !== serviceId)) throw serviceSessionRequired();

  const { rows } = await database.executeSql(ACCESS_SQL, [principal.sessionHash, serviceId, claims?.sessionId ?? null, deps.idleSeconds], 'keydeck_service_access');
  const row = (rows[0] as { access: AccessRow | null } | undefined)?.access;
  if (!row) throw serviceSessionRequired();
  if (!addressAllowed(request.ip, row.allowed_ranges.length > 0 ? row.allowed_ranges : null)) {
    throw securityRefusal(403, 'service_address_refused', Messages.serviceAddressRefused(request.ip));
  }
  if (rule.category && !allowsServiceAccess(row.permissions, rule.category, rule.level)) {
    throw forbidden(`missing_service_permission:${rule.category}:${rule.level}`, Messages.servicePermissionDenied(rule.category, rule.level));
  }
  return { serviceId, serviceName: row.service_name, serviceSessionId: row.id, serviceUserId: row.service_user_id, groupName: row.group_name, permissions: row.permissions };
}
