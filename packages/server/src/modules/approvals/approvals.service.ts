import { createHash } from 'node:crypto';
import {
  APPROVAL_OPERATIONS,
  APPROVAL_OPERATION_CODES,
  APPROVAL_HOURS_DEFAULT,
  ApprovalMessages as Say,
  type ApprovalOperation,
  type ApprovalPolicy,
  type ApprovalRequest,
} from '@keydeck/contract/approvals';
import { BUILT_IN_ROLES } from '@keydeck/contract/permissions';
import type { z } from 'zod';
import type { approvalPolicyUpdate } from '@keydeck/contract/approvals';
import type { Tx } from '../../db/database.ts';
import { iso } from '../../db/raw-sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { ApprovalGate, Approved, GatedCall } from '../../platform/approval-gate.ts';
import { mailAfterCommit, type Mailer } from '../../platform/mailer.ts';
import { approvalMail } from './approvals.mails.ts';
import type { Principal } from '../../platform/principal.ts';
import * as repo from './approvals.repository.ts';
import type { DecisionRow, RequestRow } from './approvals.repository.ts';

type Caller = { tx: Tx; principal: Principal };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------- policies

/** Every operation that can need approval, with its policy; one never set is shown off, at 2 approvals by administrators. */
export async function policies({ tx, principal }: Caller): Promise<{ policies: ApprovalPolicy[] }> {
  const set = await repo.policies(tx, principal.account.id);
  const administrators = (await repo.roles(tx, principal.account.id)).find((r) => r.name === BUILT_IN_ROLES.accountAdministrator.name)!;
  return {
    policies: APPROVAL_OPERATION_CODES.map((operation) => {
      const row = set.find((p) => p.operation === operation);
      return {
        operation,
        label: APPROVAL_OPERATIONS[operation],
        enabled: row?.enabled ?? false,
        required_approvals: row?.required_approvals ?? 2,
        approver_role: row ? { id: row.approver_role_id, name: row.role_name } : administrators,
        wait_hours: row?.wait_hours ?? APPROVAL_HOURS_DEFAULT,
      };
    }),
  };
}

/** A policy can be switched on only when the role has enough holders to approve (the requester never counts). */
export async function setPolicy(caller: Caller, body: z.output<typeof approvalPolicyUpdate>): Promise<{ policies: ApprovalPolicy[] }> {
  const { tx, principal } = caller;
  const role = (await repo.roles(tx, principal.account.id)).find((r) => r.id === body.approver_role_id);
  if (!role) throw badRequest({ approver_role_id: ['Choose a role of this account'] });
  const holders = (await repo.holders(tx, role.id)).length;
  if (body.enabled && holders < body.required_approvals) {
    throw badRequest({ required_approvals: [Say.tooFewApprovers(role.name, holders, body.required_approvals)] });
  }
  await repo.setPolicy(tx, principal.account.id, principal.username, body);
  return policies(caller);
}

// ---------------------------------------------------------------- the gate

/**
 * The approval gate of a call: null when no policy applies; the pending request (answered 202) for a new call;
 * for a call naming an approved request, that request marked carried out (in the call's own transaction, so a
 * failure leaves it approved) and who approved it. Anything else is refused and changes nothing.
 */
export function approvalGate(mailer: Mailer): ApprovalGate {
  return (call) => gate(call, mailer);
}

async function gate(call: GatedCall, mailer: Mailer): Promise<Awaited<ReturnType<ApprovalGate>>> {
  const { tx, principal, operation } = call;
  const policy = await repo.enabledPolicy(tx, principal.account.id, operation);
  if (!policy) return null;
  const digest = digestOf(operation, call.service?.id ?? null, call.call);
  if (call.requestId) return { approved: await carryOut(call, digest) };
  const id = await repo.insertRequest(
    tx,
    {
      account_id: principal.account.id,
      service_id: call.service?.id ?? null,
      service_name: call.service?.name ?? null,
      operation,
      digest,
      call: call.call,
      requested_by: principal.userId,
      requested_by_name: principal.username,
      required_approvals: policy.required_approvals,
      approver_role_id: policy.approver_role_id,
    },
    policy.wait_hours,
  );
  const pending = await get({ tx, principal }, id);
  for (const approver of await repo.approversToTell(tx, policy.approver_role_id, principal.userId)) {
    mailAfterCommit(call.request, mailer, approvalMail(approver, pending, mailer.publicUrl));
  }
  return { pending: { approval_request: pending } };
}

async function carryOut(call: GatedCall, digest: string): Promise<Approved> {
  const { tx, principal } = call;
  // The header is the caller's text: anything but a request id is no request of theirs (never a malformed query).
  const request = UUID.test(call.requestId!) ? await repo.findRequest(tx, principal.account.id, call.requestId!, true) : undefined;
  if (!request) throw notFound(Say.requestNotFound);
  if (request.requested_by !== principal.userId) throw forbidden('approval_not_requester', Say.notRequester);
  if (request.operation !== call.operation || request.digest !== digest) throw conflict('approval_differs', Say.differs);
  const decisions = await repo.decisionsOf(tx, [request.id]);
  const state = stateOf(request);
  if (state === 'pending') throw conflict('approval_pending', Say.notApprovedYet(approvalsOf(decisions), request.required_approvals));
  if (state !== 'approved') throw conflict('approval_not_executable', Say.notExecutable(state));
  await repo.setState(tx, request.id, 'executed');
  return { requestId: request.id, approvers: decisions.filter((d) => d.decision === 'approve').map((d) => d.approver_name) };
}

/** The same operation on the same service with the same method, path, query and body: nothing else passes. */
function digestOf(operation: string, serviceId: string | null, call: RequestRow['call']): string {
  return createHash('sha256').update(stableJson({ operation, serviceId, ...call })).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

// ---------------------------------------------------------------- requests and decisions

export async function list(caller: Caller, box: 'inbox' | 'mine' | 'all'): Promise<{ data: ApprovalRequest[]; inbox_count: number }> {
  const all = await views(caller, await repo.listRequests(caller.tx, caller.principal.account.id));
  const inbox = all.filter((r) => r.you.may_decide);
  const data = box === 'inbox' ? inbox : box === 'mine' ? all.filter((r) => r.you.requested) : all;
  return { data, inbox_count: inbox.length };
}

export async function get(caller: Caller, id: string): Promise<ApprovalRequest> {
  const request = await repo.findRequest(caller.tx, caller.principal.account.id, id);
  if (!request) throw notFound(Say.requestNotFound);
  return (await views(caller, [request]))[0]!;
}

/** An approver's decision, once; the request is approved at the policy's count. Held, so racing decisions count once each. */
export async function decide(caller: Caller, id: string, decision: 'approve' | 'deny', reason: string | null): Promise<ApprovalRequest> {
  const { tx, principal } = caller;
  const request = await repo.findRequest(tx, principal.account.id, id, true);
  if (!request) throw notFound(Say.requestNotFound);
  const decisions = await repo.decisionsOf(tx, [id]);
  const why = whyNot(caller, request, decisions, (await rolesHeld(caller, [request])).has(request.approver_role_id));
  if (why) throw conflict('approval_refused', why);
  await repo.addDecision(tx, principal.account.id, { request_id: id, approver_id: principal.userId, approver_name: principal.username, decision, reason });
  if (decision === 'deny') await repo.setState(tx, id, 'denied');
  else if (approvalsOf(decisions) + 1 >= request.required_approvals) await repo.setState(tx, id, 'approved');
  return get(caller, id);
}

export async function cancel(caller: Caller, id: string): Promise<ApprovalRequest> {
  const { tx, principal } = caller;
  const request = await repo.findRequest(tx, principal.account.id, id, true);
  if (!request) throw notFound(Say.requestNotFound);
  if (request.requested_by !== principal.userId) throw forbidden('approval_not_requester', Say.notRequester);
  const state = stateOf(request);
  if (state !== 'pending' && state !== 'approved') throw conflict('approval_not_executable', Say.notExecutable(state));
  await repo.setState(tx, id, 'cancelled');
  return get(caller, id);
}

// ---------------------------------------------------------------- helpers

const approvalsOf = (decisions: DecisionRow[]) => decisions.filter((d) => d.decision === 'approve').length;

/** A request past its time is expired, whether it still waited or was approved and never carried out. */
const stateOf = (request: RequestRow): ApprovalRequest['state'] =>
  (request.state === 'pending' || request.state === 'approved') && new Date(request.expires_at).valueOf() <= Date.now() ? 'expired' : (request.state as ApprovalRequest['state']);

/** Why the caller may not decide, or null: the server's rules, whatever a screen offers. */
function whyNot({ principal }: Caller, request: RequestRow, decisions: DecisionRow[], holdsRole: boolean): string | null {
  const state = stateOf(request);
  if (state !== 'pending') return Say.notPending(state);
  if (request.requested_by === principal.userId) return Say.ownRequest;
  if (decisions.some((d) => d.approver_id === principal.userId)) return Say.alreadyDecided;
  if (!holdsRole) return Say.notApprover(request.role_name);
  return null;
}

/** Whether the caller holds each approver role the requests name: read once per role, not once per request. */
async function rolesHeld({ tx, principal }: Caller, rows: RequestRow[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const roleId of new Set(rows.map((r) => r.approver_role_id))) {
    if ((await repo.holders(tx, roleId)).some((h) => h.user_id === principal.userId)) held.add(roleId);
  }
  return held;
}

async function views(caller: Caller, rows: RequestRow[]): Promise<ApprovalRequest[]> {
  const decisions = await repo.decisionsOf(caller.tx, rows.map((r) => r.id));
  const held = await rolesHeld(caller, rows);
  return rows.map((row) => {
      const own = decisions.filter((d) => d.request_id === row.id);
      const why = whyNot(caller, row, own, held.has(row.approver_role_id));
      return {
        id: row.id,
        operation: row.operation as ApprovalOperation,
        label: APPROVAL_OPERATIONS[row.operation as ApprovalOperation],
        service: row.service_name,
        call: row.call,
        requested_by: row.requested_by_name,
        state: stateOf(row),
        required_approvals: row.required_approvals,
        approvals: approvalsOf(own),
        decisions: own.map((d) => ({ approver: d.approver_name, decision: d.decision, reason: d.reason, decided_at: iso(d.decided_at) })),
        created_at: iso(row.created_at),
        expires_at: iso(row.expires_at),
        executed_at: iso(row.executed_at),
        you: { may_decide: why === null, why_not: why, requested: row.requested_by === caller.principal.userId },
      };
    });
}
