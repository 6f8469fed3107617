import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { auditEvents } from '../db/schema/audit.ts';

export type AuditOutcome = 'success' | 'refused' | 'failure';

/** Writes the request's audit event in the given transaction (the request's own, for a success). */
export async function writeAuditEvent(
  tx: Tx,
  request: FastifyRequest,
  action: string,
  outcome: AuditOutcome,
  reason?: string,
): Promise<void> {
  const details = request.auditDetails;
  const actor = request.principal;
  await tx.insert(auditEvents).values({
    accountId: details.accountId !== undefined ? details.accountId : (actor?.account.id ?? null),
    actorUserId: actor?.userId ?? details.actorUserId ?? null,
    actorUsername: actor?.username ?? details.actorUsername ?? null,
    action,
    target: details.target ?? null,
    outcome,
    reason: reason ?? details.reason ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  });
}

/** The audit action of a request: the route's declared one, or a generic one for refused unknown routes. */
export function auditActionOf(request: FastifyRequest): string | undefined {
  const declared = request.routeOptions.config?.audit;
  if (declared) return declared;
  const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  return changesState ? `http.${request.method.toLowerCase()}` : undefined;
}
