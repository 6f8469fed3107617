import type { AuditAction } from '@keydeck/contract/audit-action';
import type { AuditOutcome } from '@keydeck/contract/audit';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/database.ts';
import { accounts } from '../db/schema/accounts.ts';
import { auditChainHeads, auditEvents } from '../db/schema/audit.ts';
import { batchOutcome } from './audit-batch.ts';
import { withNames } from './audit-names.ts';
import { GENESIS_HASH, LINK_FORMAT, chainKey, linkMac, storable, type ChainedFields } from './audit-chain.ts';
import type { AuditActor, AuditDeclaration, AuditInput, AuditTarget } from './audit-declaration.ts';
import { AppError, type RefusalConcern } from './errors.ts';
import { auditEventsAppended } from './metrics.ts';
import { actorName } from './principal.ts';

/** What an event records: a declared action, or `http.<method>` for a state-changing request no route declares. */
export type RecordedAction = AuditAction | `http.${string}`;

type RequestEvent = {
  outcome: AuditOutcome;
  /** Why it was refused or failed. */
  reason?: string | undefined;
  /** The handler's result, for a success. */
  result?: unknown;
  /** What the refusing service knew about the account and target the request concerned. */
  concern?: RefusalConcern | undefined;
};

/**
 * Writes a request's audit event in the given transaction (the request's own, for a success), with the facts its
 * route declares. A request refused before its input was validated has only the caller's facts.
 */
export async function writeRequestAuditEvent(tx: Tx, request: FastifyRequest, action: RecordedAction, event: RequestEvent): Promise<void> {
  const declared = request.routeOptions.config?.audit;
  const before = request.auditBefore ?? {};
  const input: AuditInput = { params: request.params, body: request.body, query: request.query, result: event.result, before, request, tx };
  const facts: Partial<AuditDeclaration> = declared && request.inputValidated ? declared : {};
  const failure = event.outcome === 'success' && declared?.failure?.(event.result);
  // A batch answers 200 whatever it did: its event says whether all, some or none of it was done.
  const batch = event.outcome === 'success' && !failure ? batchOutcome(event.result) : undefined;
  const account = event.concern?.account !== undefined ? event.concern.account : await facts.account?.(input);
  // A refusal may name an account that does not exist (a platform administrator's wrong id): it has no log to
  // hold the event, so the caller's own records it, with the id asked for. Only an id the caller named can be
  // wrong: one a service found (concern) or the caller's own exists, and needs no look-up.
  const named = event.concern?.account === undefined && typeof account === 'string' && account !== request.principal?.account.id;
  const missing = event.outcome !== 'success' && named && !(await accountExists(tx, account));
  const declaredReason = event.reason ?? (event.outcome === 'success' ? await facts.reason?.(input) : undefined);
  // An operation carried out after approval names who approved it.
  const approved = event.outcome === 'success' && request.approved ? `approved by ${request.approved.approvers.join(', ')} (approval request ${request.approved.requestId})` : undefined;
  const reason = failure || [batch?.reason, declaredReason, approved].filter(Boolean).join('; ') || undefined;
  const base = {
    actor: await facts.actor?.(input),
    outcome: failure ? 'failure' : (batch?.outcome ?? event.outcome),
    reason: missing ? [reason, `account_id=${account}`].filter(Boolean).join(':') : reason,
  } as const;
  const perAccount = event.outcome === 'success' && facts.perAccount?.({ ...input, result: event.result });
  const target = event.concern?.target ?? (await facts.target?.(input));
  // Names are read in the request's tenant scope: a refusal's transaction sees every tenant, so it keeps the id asked for.
  const byName = event.outcome === 'success' ? await withNames(tx, target) : target;
  const events = perAccount || [{ account: missing ? undefined : account, target: byName }];
  const actions = [action, ...((event.outcome === 'success' && facts.also?.({ ...input, result: event.result })) || [])];
  for (const each of actions) {
    for (const { account, target } of events) await appendRequestEvent(tx, request, each, { ...base, account, target });
  }
}

/** An event of the caller's own account about a call, with a target the caller's request names (an approval request). */
export async function writeCallerAuditEvent(tx: Tx, request: FastifyRequest, action: RecordedAction, target: string): Promise<void> {
  await appendRequestEvent(tx, request, action, { account: undefined, target, actor: undefined, outcome: 'success', reason: undefined });
}

async function appendRequestEvent(
  tx: Tx,
  request: FastifyRequest,
  action: RecordedAction,
  facts: { account: string | null | undefined; target: AuditTarget | undefined; actor: AuditActor | undefined; outcome: AuditOutcome; reason: string | undefined },
): Promise<void> {
  const caller = request.principal;
  const target = typeof facts.target === 'string' ? { id: facts.target, name: null } : facts.target;
  await appendAuditEvent(tx, request.server.auditKey, {
    accountId: facts.account !== undefined ? facts.account : (caller?.account.id ?? null),
    actorUserId: caller?.userId ?? facts.actor?.id ?? null,
    actorUsername: (caller && actorName(caller)) ?? facts.actor?.username ?? null,
    action,
    target: target?.id ?? null,
    targetName: target?.name ?? null,
    outcome: facts.outcome,
    reason: facts.reason ?? null,
    clientAddress: request.ip,
    requestId: request.id,
  });
}

async function accountExists(tx: Tx, id: string): Promise<boolean> {
  return (await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))).length > 0;
}

/** Marks a refusal with the account (and target) it concerns when the caller did not name them (sign-in). */
export function concerning<E extends AppError>(error: E, concern: RefusalConcern): E {
  error.options.concern ??= concern;
  return error;
}

/** Runs work whose refusals concern an account the caller did not name: their events go to its log. */
export async function refusalsConcern<T>(concern: RefusalConcern, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError ? concerning(error, concern) : error;
  }
}

/**
 * An event of the server's own background work: no request and no user, so the actor is 'system', the
 * address empty and the request id the id of the job that did the work. A success unless it says otherwise
 * (a scheduled report that did not arrive is a failure, with its reason).
 */
export async function writeSystemAuditEvent(
  tx: Tx,
  auditKey: Uint8Array,
  event: { accountId: string | null; action: AuditAction; target: string; jobId: string; outcome?: AuditOutcome; reason?: string | null },
): Promise<void> {
  // The work names what it acted on by id where a request would (a cloud HSM's own trail reads its id): add its name.
  const target = await withNames(tx, event.target);
  await appendAuditEvent(tx, auditKey, {
    accountId: event.accountId,
    actorUserId: null,
    actorUsername: 'system',
    action: event.action,
    target: typeof target === 'object' ? target.id : event.target,
    targetName: typeof target === 'object' ? (target.name ?? null) : null,
    outcome: event.outcome ?? 'success',
    reason: event.reason ?? null,
    clientAddress: '',
    requestId: event.jobId,
  });
}

type AuditEventFields = Omit<ChainedFields, 'seq' | 'occurredAt' | 'linkFormat'> & { outcome: AuditOutcome; targetName: string | null };

async function appendAuditEvent(tx: Tx, auditKey: Uint8Array, sent: AuditEventFields): Promise<void> {
  const fields = storableFields(sent);
  const chain = chainKey(fields.accountId);

  // Taking the chain head's row lock orders concurrent writers of one account; others go on in parallel.
  await tx.insert(auditChainHeads).values({ chain, accountId: fields.accountId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx
    .update(auditChainHeads)
    .set({ seq: sql`${auditChainHeads.seq} + 1` })
    .where(eq(auditChainHeads.chain, chain))
    .returning({ seq: auditChainHeads.seq, prevHash: auditChainHeads.hash });

  const event = { ...fields, seq: head!.seq, occurredAt: new Date(), linkFormat: LINK_FORMAT };
  const hash = linkMac(auditKey, head!.prevHash, event);
  await tx.insert(auditEvents).values({ ...event, prevHash: head!.prevHash, hash, keyed: true });
  await tx.update(auditChainHeads).set({ hash }).where(eq(auditChainHeads.chain, chain));
  auditEventsAppended.inc({ action: fields.action, outcome: fields.outcome });
}

function storableFields(fields: AuditEventFields): AuditEventFields {
  return {
    ...fields,
    actorUsername: storable(fields.actorUsername),
    action: storable(fields.action),
    target: storable(fields.target),
    targetName: storable(fields.targetName),
    reason: storable(fields.reason),
    clientAddress: storable(fields.clientAddress),
    requestId: storable(fields.requestId),
  };
}

/**
 * The audit action of a request: the route's declared one, else a generic one for a state-changing request
 * (an unknown route) or for any request whose refusal must be audited.
 */
export function auditActionOf(request: FastifyRequest, always = false): RecordedAction | undefined {
  const declared = request.routeOptions.config?.audit;
  if (declared) return declared.action;
  const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  return changesState || always ? `http.${request.method.toLowerCase()}` : undefined;
}
