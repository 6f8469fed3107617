import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { auditChainHeads, auditEvents } from '../db/schema/audit.ts';
import { GENESIS_HASH, chainKey, linkHash } from './audit-chain.ts';

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
  const accountId = details.accountId !== undefined ? details.accountId : (actor?.account.id ?? null);
  const chain = chainKey(accountId);

  // Taking the chain head's row lock orders concurrent writers of one account; others go on in parallel.
  await tx.insert(auditChainHeads).values({ chain, accountId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx
    .update(auditChainHeads)
    .set({ seq: sql`${auditChainHeads.seq} + 1` })
    .where(eq(auditChainHeads.chain, chain))
    .returning({ seq: auditChainHeads.seq, prevHash: auditChainHeads.hash });

  const event = {
    accountId,
    seq: head!.seq,
    occurredAt: new Date(),
    actorUserId: actor?.userId ?? details.actorUserId ?? null,
    actorUsername: actor?.username ?? details.actorUsername ?? null,
    action,
    target: details.target ?? null,
    outcome,
    reason: reason ?? details.reason ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  };
  const hash = linkHash(head!.prevHash, event);
  await tx.insert(auditEvents).values({ ...event, prevHash: head!.prevHash, hash });
  await tx.update(auditChainHeads).set({ hash }).where(eq(auditChainHeads.chain, chain));
}

/**
 * The audit action of a request: the route's declared one, else a generic one for a state-changing request
 * (an unknown route) or for any request whose refusal must be audited.
 */
export function auditActionOf(request: FastifyRequest, always = false): string | undefined {
  const declared = request.routeOptions.config?.audit;
  if (declared) return declared;
  const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  return changesState || always ? `http.${request.method.toLowerCase()}` : undefined;
}
