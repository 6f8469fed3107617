import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { auditChainHeads, auditEvents } from '../db/schema/audit.ts';
import { GENESIS_HASH, chainKey, linkHash, type ChainedFields } from './audit-chain.ts';

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
  await appendAuditEvent(tx, {
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

/**
 * An event of the server's own background work: no request and no user, so the actor is 'system', the
 * address empty and the request id the id of the job that did the work.
 */
export async function writeSystemAuditEvent(tx: Tx, event: { accountId: string | null; action: string; target: string; jobId: string }): Promise<void> {
  await appendAuditEvent(tx, {
    accountId: event.accountId,
    actorUserId: null,
    actorUsername: 'system',
    action: event.action,
    target: event.target,
    outcome: 'success',
    reason: null,
    clientAddress: '',
    requestId: event.jobId,
  });
}

type AuditEventFields = Omit<ChainedFields, 'seq' | 'occurredAt'> & { outcome: AuditOutcome };

async function appendAuditEvent(tx: Tx, fields: AuditEventFields): Promise<void> {
  const chain = chainKey(fields.accountId);

  // Taking the chain head's row lock orders concurrent writers of one account; others go on in parallel.
  await tx.insert(auditChainHeads).values({ chain, accountId: fields.accountId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx
    .update(auditChainHeads)
    .set({ seq: sql`${auditChainHeads.seq} + 1` })
    .where(eq(auditChainHeads.chain, chain))
    .returning({ seq: auditChainHeads.seq, prevHash: auditChainHeads.hash });

  const event = { ...fields, seq: head!.seq, occurredAt: new Date() };
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
